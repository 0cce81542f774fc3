/**
 * What an audit line's action code (`report.suspend_author`) means, in words: the log is read by
 * people, the codes are for scripts reading the API.
 */
const labels: Record<string, string> = {
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
};

/** A code not listed above (a newer server's) still reads as words: `user.do_thing` → `User: do thing`. */
export function auditActionLabel(action: string): string {
  const known = labels[action];
  if (known) return known;
  const [subject = '', ...rest] = action.split('.');
  const words = rest.join(' ').replaceAll('_', ' ');
  const head = subject.charAt(0).toUpperCase() + subject.slice(1).replaceAll('_', ' ');
  return words ? `${head}: ${words}` : head;
}
