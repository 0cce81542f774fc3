import { errorMessage } from '@/lib/api-client';
import { ErrorBox } from './error-box';

interface LoadErrorProps {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}

/** A page whose data could not be read (not a 404): say why, and offer another try. */
export function LoadError({ error, onRetry, retrying }: LoadErrorProps) {
  return (
    <div className="mx-auto flex max-w-sm flex-col items-center gap-3 px-4 py-16">
      <ErrorBox>{errorMessage(error)}</ErrorBox>
      <button
        type="button"
        disabled={retrying}
        onClick={onRetry}
        className="text-sm font-semibold text-brand hover:text-brand-dark disabled:opacity-50"
      >
        Try again
      </button>
    </div>
  );
}
