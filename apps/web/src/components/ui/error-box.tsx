/** The spec's red error box. `role="alert"` makes screen readers announce it as it appears. */
export function ErrorBox({ children }: { children: string }) {
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
    >
      {children}
    </p>
  );
}
