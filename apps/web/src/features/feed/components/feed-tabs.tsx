import type { FeedKind } from '@pinhole/contracts';

const tabs: { value: FeedKind; label: string }[] = [
  { value: 'following', label: 'Following' },
  { value: 'everyone', label: 'Everyone' },
];

interface FeedTabsProps {
  value: FeedKind;
  onChange: (kind: FeedKind) => void;
}

/** Following (the people you follow and you) or Everyone (the spec's global feed). */
export function FeedTabs({ value, onChange }: FeedTabsProps) {
  return (
    <div role="tablist" aria-label="Feeds" className="flex border-b border-line">
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          aria-selected={tab.value === value}
          data-state={tab.value === value ? 'active' : 'inactive'}
          onClick={() => onChange(tab.value)}
          className="-mb-px flex-1 border-b-2 border-transparent py-3 text-sm font-semibold text-muted hover:text-neutral-900 data-[state=active]:border-neutral-900 data-[state=active]:text-neutral-900"
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
