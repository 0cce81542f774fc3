/**
 * The one place where the two dialects' error shapes differ: a unique-constraint violation.
 * Returns the violated column list as the driver describes it, or null for other errors.
 */
export function uniqueViolation(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message, constraint, detail } = error as {
    code?: unknown;
    message?: unknown;
    constraint?: unknown;
    detail?: unknown;
  };
  // better-sqlite3: code SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY, message "UNIQUE constraint failed: users.email"
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    return typeof message === 'string' ? message : 'unique';
  }
  // pg: SQLSTATE 23505 with the constraint name (e.g. users_email_key) and a detail line
  if (code === '23505') {
    return [constraint, detail].filter((part) => typeof part === 'string').join(' ') || 'unique';
  }
  return null;
}
