import {
  useMutation,
  type DefaultError,
  type QueryClient,
  type UseMutateAsyncFunction,
  type UseMutationOptions,
  type UseMutationResult,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/** A second start while one runs: it did nothing, so its caller's `await` never goes on. */
const never = <T>() => new Promise<T>(() => {});

/**
 * `useMutation` for what a submit button sends (a comment, a post, a message, a sign-in): a
 * second start while one is running does nothing. `isPending` reaches the button only on the
 * next render, which TanStack schedules after a timer, and a browser hands queued clicks over
 * before timers: a fast double click (or a busy phone) posted a comment twice. This refuses at
 * the moment of the call. Its per-call callbacks are those of the start that ran.
 */
export function useExclusiveMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TOnMutateResult = unknown,
>(
  options: UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
  queryClient?: QueryClient,
): UseMutationResult<TData, TError, TVariables, TOnMutateResult> {
  const mutation = useMutation(options, queryClient);
  const running = useRef(false);
  const { mutateAsync: start } = mutation;

  type Start = UseMutateAsyncFunction<TData, TError, TVariables, TOnMutateResult>;
  const mutateAsync = useCallback<Start>(
    (...args) => {
      if (running.current) return never<TData>();
      running.current = true;
      return start(...args).finally(() => {
        running.current = false;
      });
    },
    [start],
  );

  const mutate = useCallback(
    (...args: Parameters<Start>) => {
      // As TanStack's own mutate: the failure is in `error` and the callbacks, not thrown.
      mutateAsync(...args).catch(() => {});
    },
    [mutateAsync],
  );

  return { ...mutation, mutate, mutateAsync };
}
