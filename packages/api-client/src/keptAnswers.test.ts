import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createClient } from './client.ts';
import { defineCall } from './contract/call.ts';
import {
  cacheStorageKeeper,
  forgetKeptAnswers,
  KEPT_ANSWERS_CACHE,
  keptFetch,
  memoryKeeper,
} from './keptAnswers.ts';
import { routes } from './routes.generated.ts';

// Decision 0296: a `revalidate` call keeps its last answer and its ETag; the next same call asks with
// If-None-Match, and a 304 is answered from the kept text.

const lineup = defineCall({
  area: 'live',
  method: 'POST',
  path: '/lineup',
  access: 'public',
  summary: 'test',
  revalidate: true,
  request: z.object({ page: z.number().optional() }),
  response: z.object({ names: z.array(z.string()) }),
});
const plain = { ...lineup, path: '/plain', revalidate: undefined };

const envelope = (names: string[]) => JSON.stringify({ errCode: 0, errMsg: '', data: { names } });

/** A server that answers `body` with `etag`, and 304 when asked with that ETag; records what it was asked. */
function server(state: { body: string; etag: string }) {
  const asked: Array<string | null> = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    const ifNoneMatch = new Headers(init.headers).get('if-none-match');
    asked.push(ifNoneMatch);
    if (ifNoneMatch === state.etag) return new Response(null, { status: 304, headers: { etag: state.etag } });
    return new Response(state.body, { status: 200, headers: { etag: state.etag } });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, asked };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('revalidated calls (decision 0296)', () => {
  it('asks again with the kept ETag and answers a 304 from the kept body', async () => {
    const state = { body: envelope(['One', 'Two']), etag: '"v1"' };
    const { fetch, asked } = server(state);
    const api = createClient({ fetch: keptFetch(fetch, memoryKeeper()) });
    expect(await api.call(lineup, {})).toEqual({ names: ['One', 'Two'] });
    await settle();
    expect(await api.call(lineup, {})).toEqual({ names: ['One', 'Two'] });
    expect(asked).toEqual([null, '"v1"']);

    // The line-up changed: a new answer, kept in turn.
    state.body = envelope(['One']);
    state.etag = '"v2"';
    expect(await api.call(lineup, {})).toEqual({ names: ['One'] });
    await settle();
    expect(await api.call(lineup, {})).toEqual({ names: ['One'] });
    expect(asked).toEqual([null, '"v1"', '"v1"', '"v2"']);
  });

  it('keeps one answer per request and language, and the keeper may be shared across clients (a reload)', async () => {
    const state = { body: envelope(['One']), etag: '"v1"' };
    const { fetch, asked } = server(state);
    const keep = memoryKeeper();
    await createClient({ fetch: keptFetch(fetch, keep) }).call(lineup, {});
    await settle();
    const reloaded = createClient({ fetch: keptFetch(fetch, keep) });
    await reloaded.call(lineup, {});
    await reloaded.call(lineup, { page: 2 });
    await createClient({ fetch: keptFetch(fetch, keep), lang: () => 'es' }).call(lineup, {});
    expect(asked).toEqual([null, '"v1"', null, null]);
  });

  it('keeps nothing from an answer without an ETag (calls that do not revalidate)', async () => {
    const asked: Array<string | null> = [];
    const fetch = (async (_url: string, init: RequestInit) => {
      asked.push(new Headers(init.headers).get('if-none-match'));
      return new Response(envelope([]), { status: 200 });
    }) as unknown as typeof globalThis.fetch;
    const api = createClient({ fetch: keptFetch(fetch, memoryKeeper()) });
    await api.call(plain, {});
    await settle();
    await api.call(plain, {});
    expect(asked).toEqual([null, null]);
    expect(routes.live.channelList).toMatchObject({ revalidate: true });
  });
});

// Decision 0320: signing out deletes the browser's kept answers (the last viewer's channel list).
describe('forgetKeptAnswers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("deletes the keeper's Cache Storage cache, and a refusal does not throw", async () => {
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      delete: async (name: string) => {
        deleted.push(name);
        if (deleted.length > 2) throw new Error('storage turned off');
        return true;
      },
    });
    await forgetKeptAnswers();
    await cacheStorageKeeper().clear();
    await expect(forgetKeptAnswers()).resolves.toBeUndefined();
    expect(deleted).toEqual([KEPT_ANSWERS_CACHE, KEPT_ANSWERS_CACHE, KEPT_ANSWERS_CACHE]);
  });

  it('does nothing without Cache Storage (not a secure context)', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(forgetKeptAnswers()).resolves.toBeUndefined();
  });
});
