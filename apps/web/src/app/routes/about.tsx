import { useDocumentTitle } from '@/lib/document-title';
import { pageTitle } from '@/lib/page-titles';
import { AboutPage } from '@/features/about/components/about-page';

/** `/about`: the instance's description, rules and contact, for anyone, signed in or not. */
export default function AboutRoute() {
  useDocumentTitle(pageTitle('About'));
  return <AboutPage />;
}
