import { describe, expect, it, vi } from 'vitest';
import {
  ChunkLoadError,
  CSS_CHUNK_LOAD_FAILED,
  chunkFailureAction,
  classifyChunkFailure,
  loadChunk,
} from './chunks.ts';

describe('classifyChunkFailure (spec §8)', () => {
  it('names script chunk failures ChunkLoadError', () => {
    const e = classifyChunkFailure(
      new TypeError('Failed to fetch dynamically imported module: /_astro/x.js'),
    );
    expect(e).toBeInstanceOf(ChunkLoadError);
    expect(e?.code).toBe('ChunkLoadError');
    expect(e?.name).toBe('ChunkLoadError');
  });
  it('gives stylesheet failures the code CSS_CHUNK_LOAD_FAILED', () => {
    expect(classifyChunkFailure(new Error('Unable to preload CSS for /_astro/a.css'))?.code).toBe(
      CSS_CHUNK_LOAD_FAILED,
    );
  });
  it('leaves other errors alone', () => {
    expect(classifyChunkFailure(new Error('boom'))).toBeNull();
  });
});

describe('loadChunk (spec §9 time-out)', () => {
  it('fails a chunk that has not arrived after 120 s, not before', async () => {
    vi.useFakeTimers();
    const p = loadChunk(() => new Promise(() => {}));
    const seen = vi.fn();
    p.catch(seen);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(seen).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.mock.calls[0]?.[0]).toBeInstanceOf(ChunkLoadError);
    vi.useRealTimers();
  });
  it('resolves a chunk that arrives, and classifies a failed one', async () => {
    await expect(loadChunk(async () => 42)).resolves.toBe(42);
    await expect(
      loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: x'))),
    ).rejects.toBeInstanceOf(ChunkLoadError);
  });
});

describe('chunkFailureAction', () => {
  it('retries once, then offers a reload, and retries again a minute later', () => {
    const data = new Map<string, string>();
    const s = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    expect(chunkFailureAction(s, 100_000)).toBe('retry');
    expect(chunkFailureAction(s, 110_000)).toBe('offerReload');
    expect(chunkFailureAction(s, 170_000)).toBe('retry');
  });
});
