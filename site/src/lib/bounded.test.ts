import { describe, expect, it } from 'vitest';
import { forEachBounded, writeInSlices } from './bounded.ts';

/** A task whose runs stay open until released, so a test sees what runs at once. */
function gate() {
  const running: string[] = [];
  const started: string[] = [];
  const releases = new Map<string, { ok: () => void; fail: (e: Error) => void }>();
  return {
    running,
    started,
    task: (item: string) =>
      new Promise<void>((ok, fail) => {
        running.push(item);
        started.push(item);
        const done = () => running.splice(running.indexOf(item), 1);
        releases.set(item, {
          ok: () => {
            done();
            ok();
          },
          fail: (e) => {
            done();
            fail(e);
          },
        });
      }),
    release: (item: string) => releases.get(item)?.ok(),
    fail: (item: string, e: Error) => releases.get(item)?.fail(e),
  };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('forEachBounded', () => {
  it('never runs more than the limit at once, and runs every item in order', async () => {
    const g = gate();
    const all = forEachBounded(['a', 'b', 'c', 'd'], 2, g.task);
    await tick();
    expect(g.running).toEqual(['a', 'b']);
    g.release('b');
    await tick();
    expect(g.running).toEqual(['a', 'c']);
    g.release('a');
    g.release('c');
    await tick();
    expect(g.running).toEqual(['d']);
    g.release('d');
    await all;
    expect(g.started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('starts nothing after a failure and rejects once the running ones settled', async () => {
    const g = gate();
    let settled = false;
    const all = forEachBounded(['a', 'b', 'c'], 2, g.task).finally(() => {
      settled = true;
    });
    await tick();
    g.fail('a', new Error('offline'));
    await tick();
    expect(g.started).toEqual(['a', 'b']);
    expect(settled).toBe(false);
    g.release('b');
    await expect(all).rejects.toThrow('offline');
    expect(g.started).toEqual(['a', 'b']);
  });

  it('answers at once for no items', async () => {
    await expect(forEachBounded([], 3, () => Promise.reject(new Error('never')))).resolves.toBeUndefined();
  });
});

describe('writeInSlices', () => {
  it('issues a slice at once and the next only when its last write answered', async () => {
    const g = gate();
    const all = writeInSlices(['a', 'b', 'c', 'd', 'e'], 2, g.task);
    await tick();
    expect(g.started).toEqual(['a', 'b']);
    g.release('a');
    await tick();
    expect(g.started).toEqual(['a', 'b']);
    g.release('b');
    await tick();
    expect(g.started).toEqual(['a', 'b', 'c', 'd']);
    g.release('c');
    g.release('d');
    await tick();
    expect(g.started).toEqual(['a', 'b', 'c', 'd', 'e']);
    g.release('e');
    await all;
  });
});
