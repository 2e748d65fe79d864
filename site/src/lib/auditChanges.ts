/** One field an operator's change touched: its value before and after (absent: the field was not there). */
export interface AuditChange {
  /** The record's field; empty when the entry's before and after are plain values, not records. */
  field: string;
  before?: unknown;
  after?: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What an audit entry changed, field by field (issue 37: the log showed both records as raw JSON, and the one
 * changed field had to be found by eye). Only the fields whose values differ, the after's order first; a record
 * made has every field (before absent), one removed every field (after absent).
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) {
    return same(before, after) ? [] : [{ field: '', before, after }];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return fields
    .filter((f) => !same(b[f], a[f]))
    .map((field) => ({ field, before: b[field], after: a[field] }));
}
