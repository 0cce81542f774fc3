interface UploadProgressProps {
  /** How much is done, from 0 to 1. */
  fraction: number;
  /** The bar's accessible name. */
  label?: string;
  /** The bar's height (and width, where it is not the container's). */
  className?: string;
}

/** How much of an upload (a post's photos, a story, an archive) has been sent or read. */
export function UploadProgress({
  fraction,
  label = 'Upload progress',
  className = 'h-1.5',
}: UploadProgressProps) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={`${className} overflow-hidden rounded-full bg-neutral-200`}
    >
      <div className="h-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
