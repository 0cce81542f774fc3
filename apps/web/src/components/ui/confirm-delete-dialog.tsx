import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage, isNotFound } from '@/lib/api-client';
import { ConfirmDialog } from './confirm-dialog';

interface ConfirmDeleteDialogProps<Variables> {
  title: string;
  children?: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The delete call, and what it is called with. */
  deletion: UseMutationResult<unknown, Error, Variables>;
  variables: Variables;
  onDeleted?: () => void;
}

/**
 * "Delete …?" before a delete call. Already gone (deleted twice, or from another tab) is what was
 * asked for: it closes as a success, without an error. Closing forgets a failed attempt.
 */
export function ConfirmDeleteDialog<Variables>({
  title,
  children,
  open,
  onOpenChange,
  deletion: { mutate, isPending, error, reset },
  variables,
  onDeleted,
}: ConfirmDeleteDialogProps<Variables>) {
  const done = () => {
    onOpenChange(false);
    onDeleted?.();
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={title}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={isPending}
      error={error && !isNotFound(error) ? errorMessage(error) : null}
      onConfirm={() =>
        mutate(variables, {
          onSuccess: done,
          onError: (failure) => isNotFound(failure) && done(),
        })
      }
    >
      {children}
    </ConfirmDialog>
  );
}
