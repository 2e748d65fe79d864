import { describe, expect, it } from 'vitest';
import type { Engine, EngineLoader } from '../engines/types.ts';
import { createEngineHost } from './engineHost.ts';

const media = {} as HTMLMediaElement;
const source = { src: '/a.m3u8' };
const noEvents = () => ({ levels() {}, levelSwitched() {}, fatal() {} });

function fakeEngine(): Engine & { destroyed: boolean } {
  return {
    name: 'hls',
    destroyed: false,
    async load() {},
    setLevel() {},
    destroy() {
      this.destroyed = true;
    },
  };
}

describe('engine host', () => {
  it('drops an engine that arrives after a newer load, and keeps the newer one', async () => {
    const engines = [fakeEngine(), fakeEngine()];
    let release: () => void = () => {};
    const slow = new Promise<void>((r) => {
      release = r;
    });
    let calls = 0;
    const loader: EngineLoader = async () => {
      const mine = engines[calls++] as Engine;
      if (mine === engines[0]) await slow;
      return mine;
    };
    const host = createEngineHost(loader);
    const first = host.load(media, source, '/a.m3u8', noEvents);
    const second = host.load(media, source, '/b.m3u8', noEvents);
    expect(await second).toBe(true);
    release();
    expect(await first).toBe(false);
    expect(engines[0]?.destroyed).toBe(true);
    expect(host.engine).toBe(engines[1]);
  });

  it('passes the events of the current generation only', async () => {
    const host = createEngineHost(async () => fakeEngine());
    let g = -1;
    await host.load(media, source, '/a.m3u8', (generation) => {
      g = generation;
      return noEvents();
    });
    expect(host.isCurrent(g)).toBe(true);
    host.reset();
    expect(host.isCurrent(g)).toBe(false);
    expect(host.engine).toBeNull();
  });

  it('rejects with the engine error while current, and swallows it once outdated', async () => {
    let fail: (e: Error) => void = () => {};
    const host = createEngineHost(
      () =>
        new Promise<Engine>((_, reject) => {
          fail = reject;
        }),
    );
    const current = host.load(media, source, '/a.m3u8', noEvents);
    fail(new Error('no MSE'));
    await expect(current).rejects.toThrow('no MSE');
    const outdated = host.load(media, source, '/a.m3u8', noEvents);
    host.reset();
    fail(new Error('late'));
    expect(await outdated).toBe(false);
  });
});
