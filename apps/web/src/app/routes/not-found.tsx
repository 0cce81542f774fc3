import { pagePaths } from '@pinhole/contracts';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '@/lib/document-title';
import { notFoundTitle } from '@/lib/page-titles';

/**
 * Instagram's words for an address that leads nowhere: an unknown path, a username nobody has,
 * a post that does not exist (any more). The server answers such addresses with status 404.
 */
export function NotFoundPage() {
  useDocumentTitle(notFoundTitle);
  return (
    <div className="flex flex-col items-center gap-4 px-6 py-16 text-center">
      <h1 className="text-2xl font-semibold">Sorry, this page isn&apos;t available.</h1>
      <p className="text-base">
        The link you followed may be broken, or the page may have been removed.{' '}
        <Link to={pagePaths.home.to()} className="text-link hover:underline">
          Go back to Pinhole.
        </Link>
      </p>
    </div>
  );
}

// What the router's lazy import takes (see router.tsx).
export default NotFoundPage;
