/** How much of an upload (a whole post, every photo; a story) has been sent. */
export function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <div
      role="progressbar"
      aria-label="Upload progress"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-1.5 overflow-hidden rounded-full bg-neutral-200"
    >
      <div className="h-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
