import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { DEFAULT_LIMITS, type FetchLimits, isUrl, openUpstream, SourceError } from '../upstream/fetch.ts';

// The upstream rule's reads live in upstream/fetch.ts (one place for it, the live pull relay uses it too).
export { DEFAULT_LIMITS, type FetchLimits, isUrl, SourceError };

async function* bounded(
  chunks: AsyncIterable<Uint8Array>,
  where: string,
  limits: FetchLimits,
  signal: AbortSignal,
): AsyncGenerator<Uint8Array> {
  let total = 0;
  try {
    for await (const chunk of chunks) {
      total += chunk.byteLength;
      if (total > limits.maxBytes)
        throw new SourceError(`${where} is over the limit of ${limits.maxBytes} bytes`);
      yield chunk;
    }
  } catch (e) {
    if (signal.aborted) throw new SourceError(`${where} did not finish within ${limits.timeoutMs / 1000} s`);
    throw e;
  }
}

/**
 * Resolves when a writable stream that refused a write takes more (`drain`) or is gone (`close`), whichever comes
 * first; the other listener is taken off, so a long feed of writes leaves none behind.
 */
export function drained(w: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      w.off('drain', done);
      w.off('close', done);
      resolve();
    };
    w.once('drain', done);
    w.once('close', done);
  });
}

/**
 * A gzip member may expand at most this many times over the compressed bytes read so far (issue 35: a 7 MB
 * playlist that expands to 2 GB). Text compresses about 5-20 times; 100 leaves room for very repetitive line-ups.
 */
export const MAX_GZIP_RATIO = 100;
/** Below this many decompressed bytes the ratio is not judged (a tiny file of blanks compresses very well). */
const RATIO_FLOOR_BYTES = 8 * 1024 * 1024;

/**
 * Undoes gzip when the first bytes say so (XMLTV is often served as .xml.gz, with or without a header). The
 * decompressed bytes are held to the same size limit as the read and to MAX_GZIP_RATIO, so a small bomb stops
 * early instead of filling memory.
 */
async function* gunzipIfNeeded(
  chunks: AsyncIterable<Uint8Array>,
  where: string,
  limits: FetchLimits,
): AsyncGenerator<Uint8Array> {
  const it = chunks[Symbol.asyncIterator]();
  const first = await it.next();
  if (first.done) return;
  let packed = 0;
  const rest = {
    async *[Symbol.asyncIterator]() {
      packed += first.value.byteLength;
      yield first.value;
      for (;;) {
        const n = await it.next();
        if (n.done) return;
        packed += n.value.byteLength;
        yield n.value;
      }
    },
  };
  const head = first.value;
  if (head[0] !== 0x1f || head[1] !== 0x8b) {
    yield* rest;
    return;
  }
  const gunzip = createGunzip();
  const feed = (async () => {
    try {
      for await (const c of rest) {
        if (gunzip.destroyed) break;
        if (!gunzip.write(c)) await drained(gunzip);
      }
      if (!gunzip.destroyed) gunzip.end();
    } catch (e) {
      gunzip.destroy(e as Error);
    } finally {
      // Stopped early (a cap, or the reader gave up): release the upstream body, socket or file.
      await it.return?.();
    }
  })();
  let unpacked = 0;
  try {
    for await (const c of gunzip) {
      unpacked += (c as Uint8Array).byteLength;
      if (unpacked > limits.maxBytes)
        throw new SourceError(`${where} expands past the limit of ${limits.maxBytes} bytes once ungzipped`);
      if (unpacked > RATIO_FLOOR_BYTES && unpacked > packed * MAX_GZIP_RATIO)
        throw new SourceError(
          `${where} expands more than ${MAX_GZIP_RATIO} times once ungzipped (a decompression bomb?)`,
        );
      yield c as Uint8Array;
    }
  } catch (e) {
    gunzip.destroy();
    if (e instanceof SourceError) throw e;
    throw new SourceError(`the gzip data is damaged (${(e as Error).message})`);
  }
  await feed;
}

/**
 * The bytes of a source: a local file or an http(s) URL, bounded in time and size, gzip undone. The size limit
 * applies to what is read (a server lying about its length, or sending 2 GB, is stopped at the limit).
 */
export async function* openSource(
  location: string,
  limits: FetchLimits = DEFAULT_LIMITS,
): AsyncGenerator<Uint8Array> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  if (isUrl(location)) {
    const { res } = await openUpstream(location, limits, signal);
    try {
      yield* gunzipIfNeeded(bounded(res, location, limits, signal), location, limits);
    } finally {
      res.destroy();
    }
    return;
  }
  const info = await stat(location).catch(() => undefined);
  if (!info?.isFile()) throw new SourceError(`${location} is not a readable file`);
  if (info.size > limits.maxBytes)
    throw new SourceError(`${location} is ${info.size} bytes, over the limit of ${limits.maxBytes}`);
  yield* gunzipIfNeeded(bounded(createReadStream(location), location, limits, signal), location, limits);
}

/** A line of text and where it was; `tooLong` lines carry only their start. */
export interface Line {
  n: number;
  text: string;
  tooLong?: boolean;
  badEncoding?: boolean;
}

export const MAX_LINE_BYTES = 64 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

function decode(bytes: Uint8Array): { text: string; bad: boolean } {
  try {
    return { text: utf8.decode(bytes), bad: false };
  } catch {
    return { text: latin1.decode(bytes), bad: true };
  }
}

/**
 * Splits bytes into lines (LF or CRLF, a UTF-8 BOM dropped) holding at most `maxLine` bytes of one line in
 * memory: a longer line is reported with its first bytes only and the rest is skipped.
 */
export async function* lines(
  chunks: AsyncIterable<Uint8Array>,
  maxLine = MAX_LINE_BYTES,
): AsyncGenerator<Line> {
  let buf = Buffer.alloc(0);
  let n = 1;
  let skipping = false;
  let first = true;
  const emit = (bytes: Buffer): Line => {
    let b = bytes;
    if (b[b.length - 1] === 0x0d) b = b.subarray(0, b.length - 1);
    if (first && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) b = b.subarray(3);
    first = false;
    const { text, bad } = decode(b);
    return bad ? { n, text, badEncoding: true } : { n, text };
  };
  for await (const chunk of chunks) {
    buf = buf.length === 0 ? Buffer.from(chunk) : Buffer.concat([buf, chunk]);
    for (;;) {
      const nl = buf.indexOf(0x0a);
      if (nl < 0) break;
      if (skipping) skipping = false;
      else yield emit(buf.subarray(0, nl));
      buf = buf.subarray(nl + 1);
      n++;
    }
    if (!skipping && buf.length > maxLine) {
      first = false;
      yield { n, text: latin1.decode(buf.subarray(0, 80)), tooLong: true };
      skipping = true;
    }
    if (skipping) buf = Buffer.alloc(0);
  }
  if (!skipping && buf.length > 0) yield emit(buf);
}
