/** Spec §9: a script chunk that has not arrived after this long is a failure. */
export const SCRIPT_CHUNK_TIMEOUT_MS = 120_000;
/** Spec §8: the code of a stylesheet chunk that failed to load. */
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

/** A lazily loaded script (or, with code CSS_CHUNK_LOAD_FAILED, stylesheet) chunk failed to load. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly code: 'ChunkLoadError' | typeof CSS_CHUNK_LOAD_FAILED;
  constructor(
    message: string,
    code: ChunkLoadError['code'] = 'ChunkLoadError',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.code = code;
  }
}

/** Tells a chunk failure from any other error, by what browsers and Vite's preloader say. */
export function classifyChunkFailure(error: unknown): ChunkLoadError | null {
  if (error instanceof ChunkLoadError) return error;
  const message = error instanceof Error ? error.message : String(error ?? '');
  if (/Unable to preload CSS|CSS_CHUNK_LOAD_FAILED/i.test(message)) {
    return new ChunkLoadError(message, CSS_CHUNK_LOAD_FAILED, { cause: error });
  }
  if (
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|ChunkLoadError/i.test(
      message,
    )
  ) {
    return new ChunkLoadError(message, 'ChunkLoadError', { cause: error });
  }
  return null;
}

/** Rejects with a ChunkLoadError when `load` has not settled within the script chunk time-out. */
export function loadChunk<T>(
  load: () => Promise<T>,
  timeoutMs = SCRIPT_CHUNK_TIMEOUT_MS,
  timers: { set: typeof setTimeout; clear: typeof clearTimeout } = { set: setTimeout, clear: clearTimeout },
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = timers.set(
      () => reject(new ChunkLoadError(`Script chunk not loaded after ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    load().then(
      (v) => {
        timers.clear(timer);
        resolve(v);
      },
      (e) => {
        timers.clear(timer);
        reject(classifyChunkFailure(e) ?? e);
      },
    );
  });
}

/**
 * What to do about a chunk failure on this page: the first one retries (a fresh page load fetches the
 * chunks again), a second one within a minute offers the reload to the viewer instead of looping.
 */
export function chunkFailureAction(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  now: number,
): 'retry' | 'offerReload' {
  const last = Number(storage.getItem('ottkit.chunkRetryAt') ?? 0);
  if (now - last < 60_000) return 'offerReload';
  storage.setItem('ottkit.chunkRetryAt', String(now));
  return 'retry';
}
