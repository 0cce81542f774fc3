import { pagePaths, endpointPath } from '@pinhole/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '@/lib/auth/use-auth';
import { useDocumentTitle } from '@/lib/document-title';
import { pageTitle } from '@/lib/page-titles';

/** A settings page: its title, a way back to Edit profile, and the sign-in line when signed out. */
export function AccountPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(pageTitle(title));
  const signedIn = useAuth().user !== null;
  return (
    <div className="mx-auto flex w-full max-w-[600px] flex-col gap-6 px-4 pt-6 pb-24 sm:pt-10">
      <h1 className="text-xl font-semibold">{title}</h1>
      {signedIn ? children : <p className="text-sm text-neutral-700">Please sign in first.</p>}
    </div>
  );
}

/** The settings pages' own links, at the foot of Edit profile. */
export function AccountLinks() {
  const link = 'text-sm font-semibold text-brand hover:text-brand-dark';
  return (
    <nav aria-label="Account settings" className="flex flex-col gap-3 border-t border-line pt-6">
      <Link className={link} to={pagePaths.account.to('password')}>
        Change password
      </Link>
      <Link className={link} to={pagePaths.account.to('sessions')}>
        Where you&apos;re signed in
      </Link>
      <Link className={link} to={pagePaths.account.to('blocked')}>
        Blocked accounts
      </Link>
      <Link className={link} to={pagePaths.account.to('import')}>
        Import posts
      </Link>
      <a className={link} href={endpointPath('exportArchive')} download>
        Download your data
      </a>
      <p className="-mt-2 text-xs text-muted">
        A zip with your profile, posts, comments, likes, follows and saved posts as JSON, and the
        originals of your photos.
      </p>
      <Link className="text-sm font-semibold text-red-600" to={pagePaths.account.to('delete')}>
        Delete account
      </Link>
    </nav>
  );
}
