/**
 * Conditional and partial GETs of static files (RFC 9110 §13.1.2, §14): If-None-Match against the file's ETag
 * (304), and one byte range (206, or 416 when it lies outside the file).
 */

/** A strong validator of one representation: the file's size and time, and the coding it is sent in. */
export function etagOf(size: number, mtimeMs: number, coding: 'br' | 'gzip' | null): string {
  return `"${size.toString(36)}-${Math.floor(mtimeMs).toString(36)}${coding ? `-${coding}` : ''}"`;
}

/** True when If-None-Match names this ETag (weak comparison, as GET asks) or is `*`. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

export type RangeAnswer = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * The one byte range a Range header asks of a file of `size` bytes: null for the whole file (no header, another
 * unit, several ranges, a malformed value, or If-Range naming another version), 'unsatisfiable' when it starts
 * past the end. A server may always answer the whole file (RFC 9110 §14.2), so only a clear single range counts.
 */
export function byteRange(
  header: string | undefined,
  size: number,
  ifRange: string | undefined,
  etag: string,
): RangeAnswer {
  if (!header || (ifRange !== undefined && ifRange.trim() !== etag)) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // A suffix: the last N bytes.
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}
