import { isAdminUser } from '@/lib/auth/roles';
import { useAuth } from '@/lib/auth/use-auth';
import { useDocumentTitle } from '@/lib/document-title';
import { pageTitle } from '@/lib/page-titles';
import { AdminPage } from '@/features/admin/components/admin-page';
import { NotFoundPage } from './not-found';

/**
 * `/admin`: for admins only. Anyone else, signed out included, gets the not-found page, as the
 * server's `/api/admin/*` answers them 403: the page does not say that it exists.
 */
export function AdminRoute() {
  const admin = isAdminUser(useAuth().user);
  if (!admin) return <NotFoundPage />;
  return <AdminTitled />;
}

function AdminTitled() {
  useDocumentTitle(pageTitle('Admin'));
  return <AdminPage />;
}

// What the router's lazy import takes (see router.tsx).
export default AdminRoute;
