import { describe, expect, it } from 'vitest';
import { keptParsedFetch } from './keptLineup.ts';

// Decision 0330: the server-side render keeps the channel list it parsed while the server answers 304.

/** A server answering `state.body` with `state.etag` (304 when asked with it); records the If-None-Match. */
function server(state: { body: string; etag?: string }) {
  const asked: Array<string | null> = [];
  const fetch = (async (_url: string, init: RequestInit) => {
    const ifNoneMatch = new Headers(init.headers).get('if-none-match');
    asked.push(ifNoneMatch);
    if (state.etag && ifNoneMatch === state.etag) return new Response(null, { status: 304 });
    return new Response(state.body, { status: 200, headers: state.etag ? { etag: state.etag } : {} });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, asked };
}

const call = (fetch: typeof globalThis.fetch, lang = 'en') =>
  fetch('http://api/list', { method: 'POST', headers: { lang }, body: '{}' }).then((r) => r.json());

describe('keptParsedFetch', () => {
  it('hands on the kept parse on a 304, and parses again when the answer changed', async () => {
    const state = { body: '{"errCode":0,"data":{"n":1}}', etag: '"a"' };
    const { fetch, asked } = server(state);
    const kept = keptParsedFetch(fetch);
    const first = await call(kept);
    const second = await call(kept);
    expect(second).toBe(first);
    expect(first).toEqual({ errCode: 0, data: { n: 1 } });
    state.body = '{"errCode":0,"data":{"n":2}}';
    state.etag = '"b"';
    expect(await call(kept)).toEqual({ errCode: 0, data: { n: 2 } });
    // Another language is another answer.
    await call(kept, 'es');
    expect(asked).toEqual([null, '"a"', '"a"', null]);
  });

  it('keeps nothing of an answer without an ETag (a call that is not revalidated)', async () => {
    const { fetch, asked } = server({ body: '{"errCode":0,"data":{}}' });
    const kept = keptParsedFetch(fetch);
    await call(kept);
    await call(kept);
    expect(asked).toEqual([null, null]);
  });
});
