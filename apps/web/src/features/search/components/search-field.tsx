import { limits } from '@pinhole/contracts';
import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';

/**
 * The search box's labelled input with its magnifier: one look for the header's stand-in
 * (`LazySearchBox`) and the real box that replaces it, so the swap is invisible.
 */
export function SearchField(props: Omit<ComponentProps<'input'>, 'className'>) {
  return (
    <label className="relative block">
      <span className="sr-only">Search</span>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted"
      />
      <input
        type="search"
        name="q"
        autoComplete="off"
        maxLength={limits.searchMaxLength}
        placeholder="Search"
        {...props}
        className="h-9 w-full rounded-lg bg-neutral-100 pr-3 pl-9 text-sm placeholder:text-muted focus:outline-none focus-visible:ring-2 focus-visible:ring-neutral-300"
      />
    </label>
  );
}
