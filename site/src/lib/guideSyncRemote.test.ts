import type { Epg } from '@ottkit/api-client';
import { describe, expect, it } from 'vitest';
import { createMemoryEpgStore } from './epgStoreMemory.ts';
import type { GuideSource } from './epgStoreSync.ts';
import {
  answerGuideSync,
  createRemoteGuideSync,
  type GuideSyncAnswer,
  type GuideSyncRequest,
  type SyncPort,
} from './guideSyncRemote.ts';

const TODAY = '2026-06-10';
const request: GuideSyncRequest = {
  id: 7,
  relations: { 'lc-1': 'e1' },
  today: TODAY,
  api: { baseUrl: '', areaBaseUrls: {} },
  lang: 'es',
};
const day = (checksum: string): Epg => ({
  epgId: 'e1',
  date: TODAY,
  checksum,
  isCatchup: true,
  programs: [],
});

describe('answerGuideSync (the worker side)', () => {
  it('syncs the store by checksum and answers the counts under the request id', async () => {
    const store = createMemoryEpgStore();
    const seen: GuideSyncRequest[] = [];
    const source = (req: GuideSyncRequest): GuideSource => {
      seen.push(req);
      return {
        checksums: async () => ({ checksumList: [{ epgId: 'e1', date: TODAY, checksum: 'a' }] }),
        days: async () => ({ epgList: [day('a')] }),
      };
    };
    const answer = await answerGuideSync(request, { store: async () => store, source });
    expect(answer).toEqual({ id: 7, result: { fetched: 1, unchanged: 0, purged: 0 } });
    expect((await store.day('e1', TODAY))?.checksum).toBe('a');
    expect(seen[0]?.lang).toBe('es');
  });

  it('answers an error instead of throwing', async () => {
    const source = (): GuideSource => ({
      checksums: () => Promise.reject(new Error('offline')),
      days: () => Promise.reject(new Error('never')),
    });
    const answer = await answerGuideSync(request, { store: async () => createMemoryEpgStore(), source });
    expect(answer).toEqual({ id: 7, error: 'offline' });
  });
});

/** A Worker stand-in: the test answers the posted requests itself. */
function fakePort() {
  const posted: GuideSyncRequest[] = [];
  const listeners = {
    message: [] as ((e: { data: GuideSyncAnswer }) => void)[],
    error: [] as ((e: unknown) => void)[],
  };
  const port: SyncPort = {
    postMessage: (m) => posted.push(m),
    addEventListener: (type: 'message' | 'error', listener: (e: { data: GuideSyncAnswer }) => void) => {
      if (type === 'message') listeners.message.push(listener);
      else listeners.error.push(listener as (e: unknown) => void);
    },
  };
  return {
    port,
    posted,
    answer: (data: GuideSyncAnswer) => {
      for (const l of listeners.message) l({ data });
    },
    crash: () => {
      for (const l of listeners.error) l(new Event('error'));
    },
  };
}

describe('createRemoteGuideSync (the page side)', () => {
  const ask = { relations: request.relations, today: TODAY, api: request.api, lang: 'en' };

  it('settles each call with the answer to its own request', async () => {
    const f = fakePort();
    const remote = createRemoteGuideSync(f.port);
    const first = remote.sync(ask);
    const second = remote.sync(ask);
    const [a, b] = f.posted;
    expect(a?.id).not.toBe(b?.id);
    f.answer({ id: b?.id ?? 0, error: 'offline' });
    f.answer({ id: a?.id ?? 0, result: { fetched: 3, unchanged: 1, purged: 0 } });
    await expect(first).resolves.toEqual({ fetched: 3, unchanged: 1, purged: 0 });
    await expect(second).rejects.toThrow('offline');
    expect(remote.broken()).toBe(false);
  });

  it('rejects the calls in flight and reports itself broken when the worker fails', async () => {
    const f = fakePort();
    const remote = createRemoteGuideSync(f.port);
    const call = remote.sync(ask);
    f.crash();
    await expect(call).rejects.toThrow('worker failed');
    expect(remote.broken()).toBe(true);
    await expect(remote.sync(ask)).rejects.toThrow('worker failed');
    expect(f.posted).toHaveLength(1);
  });
});
