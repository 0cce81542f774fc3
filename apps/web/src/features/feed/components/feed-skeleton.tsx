/** A grey outline of a post card, shown while the first page loads. */
export function FeedSkeleton() {
  return (
    <div
      data-testid="post-skeleton"
      aria-hidden
      className="animate-pulse border-line sm:rounded-lg sm:border"
    >
      <div className="flex items-center gap-3 px-3 py-3">
        <div className="size-8 rounded-full bg-neutral-200" />
        <div className="h-3 w-28 rounded bg-neutral-200" />
      </div>
      <div className="aspect-square w-full bg-neutral-200" />
      <div className="flex flex-col gap-2 px-3 py-4">
        <div className="h-3 w-20 rounded bg-neutral-200" />
        <div className="h-3 w-3/4 rounded bg-neutral-200" />
      </div>
    </div>
  );
}
