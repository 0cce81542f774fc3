/**
 * What each audit-log code means, in words: the admin's log is read by people, the codes
 * (`report.suspend_author`) are for scripts reading the API. Kept here, beside the audit entry's
 * schema, so the server can only write a code that has words (`AuditAction`) and the client shows
 * those same words.
 */
export const auditActionWords = {
  'report.dismiss': 'Report dismissed',
  'report.remove_content': 'Reported content removed',
  'report.suspend_author': 'Reported account suspended',
  'user.suspend': 'Account suspended',
  'user.unsuspend': 'Account restored',
  'role.grant': 'Made an admin',
  'role.revoke': 'Admin role removed',
  'invite.create': 'Invite created',
  'instance.update': 'About page edited',
  'domain.suspend': 'Server blocked',
  'domain.silence': 'Server limited',
  'domain.unblock': 'Server unblocked',
} as const;

/** A code the server writes to the audit log. */
export type AuditAction = keyof typeof auditActionWords;

function isAuditAction(action: string): action is AuditAction {
  return Object.hasOwn(auditActionWords, action);
}

/**
 * The words for an audit line's code. A code this client does not know (a newer server's) still
 * reads as words: `user.do_thing` → `User: do thing`.
 */
export function auditActionLabel(action: string): string {
  if (isAuditAction(action)) return auditActionWords[action];
  const [subject = '', ...rest] = action.split('.');
  const words = rest.join(' ').replaceAll('_', ' ');
  const head = subject.charAt(0).toUpperCase() + subject.slice(1).replaceAll('_', ' ');
  return words ? `${head}: ${words}` : head;
}
