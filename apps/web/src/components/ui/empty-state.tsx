import type { LucideIcon } from 'lucide-react';

/** An empty list's icon in a ring, title and optional text (profile tabs, explore, a hashtag). */
export function EmptyState({
  icon: Icon,
  title,
  text,
}: {
  icon: LucideIcon;
  title: string;
  text?: string;
}) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <span className="flex size-16 items-center justify-center rounded-full border-2 border-neutral-900">
        <Icon aria-hidden className="size-8" strokeWidth={1.5} />
      </span>
      <h2 className="text-2xl font-extrabold">{title}</h2>
      {text && <p className="text-sm text-neutral-700">{text}</p>}
    </div>
  );
}
