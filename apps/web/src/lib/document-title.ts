import { useEffect } from 'react';

/**
 * The tab's title for the page on screen. The server writes the same into the HTML of a deep
 * link; this keeps it right as the reader moves around without reloading.
 */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
