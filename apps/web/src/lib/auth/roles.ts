import type { User } from '@pinhole/contracts';

/**
 * The session's user is an admin. Read without assuming the field: a server from before roles
 * (or a session cached by one) has no `role`, and that reader is simply not an admin.
 */
export function isAdminUser(user: User | null | undefined): boolean {
  return (user as { role?: unknown } | null | undefined)?.role === 'admin';
}
