/** The stories strip's room (its height, signed in or out) until the strip has loaded. */
export function StoriesRoom() {
  return (
    <div
      aria-hidden
      data-testid="stories-room"
      className="min-h-[104px] border-line sm:min-h-[106px] sm:rounded-lg sm:border"
    />
  );
}
