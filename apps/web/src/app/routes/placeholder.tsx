import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { pageTitle } from '@/lib/page-titles';

/**
 * An address the app already owns whose page a later issue builds (explore, notifications,
 * settings, stories, admin, lists of followers): reserved now, so links to it never break.
 */
export function PlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(pageTitle(title));
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-sm text-neutral-700">This page is coming soon.</p>
      <Link to={paths.home.to()} className="text-sm font-semibold text-link hover:underline">
        Go back to Pinhole.
      </Link>
    </div>
  );
}
