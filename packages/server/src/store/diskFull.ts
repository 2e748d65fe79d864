/**
 * A full disk shows up as SQLITE_FULL from the database or ENOSPC from the file system. Both mean the same to
 * an operator, and neither is the client's fault or a bug: say "disk full" and where, not "internal error".
 */
export function isDiskFull(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; errcode?: unknown; message?: unknown };
  // SQLite's primary result code 13 is SQLITE_FULL (extended codes keep it in the low byte).
  if (e.code === 'ENOSPC' || (typeof e.errcode === 'number' && (e.errcode & 0xff) === 13)) return true;
  return (
    typeof e.message === 'string' &&
    /database or disk is full|ENOSPC|no space left on device/i.test(e.message)
  );
}

/** The operator's log line: what could not be written, and where. */
export function diskFullMessage(err: unknown, fallbackPath: string): string {
  const path = (err as { path?: unknown } | null)?.path;
  return `disk full: cannot write to ${typeof path === 'string' ? path : fallbackPath}; free space on that disk`;
}
