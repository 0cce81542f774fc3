import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import type { SuggestionsSection as LoadedSection } from './suggestions-section';

// The rows, their Follow buttons and what a follow does load with the suggestions, which only the
// browser asks for (the server's first screen draws the sidebar without them): the first script
// carries the sidebar's frame and footer, not the people. Never drawn while the page hydrates.
const SuggestionsSection = lazy(() =>
  import('./suggestions-section').then((module) => ({ default: module.SuggestionsSection })),
);

type LazySuggestionsSectionProps = ComponentProps<typeof LoadedSection> & {
  /** Shown while the section's code loads (the room it will take, so nothing below jumps). */
  placeholder?: ReactNode;
};

/** `SuggestionsSection`, loaded when there are suggestions to show. */
export function LazySuggestionsSection({
  placeholder = null,
  ...props
}: LazySuggestionsSectionProps) {
  return (
    <Suspense fallback={placeholder}>
      <SuggestionsSection {...props} />
    </Suspense>
  );
}
