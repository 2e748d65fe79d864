import { describe, expect, it } from 'vitest';
import { createClient } from '../client.ts';
import { contract } from './index.ts';

describe('VOD API descriptors', () => {
  const calls = Object.entries(contract.vod);

  it('sit under /vodapi in area vod with the token in the query (spec §7), each path once', () => {
    for (const [name, d] of calls) {
      expect(d.area, name).toBe('vod');
      expect(d.path, name).toMatch(/^\/vodapi\/api\//);
      expect(d.tokenIn, name).toBe('query');
    }
    expect(new Set(calls.map(([, d]) => `${d.method} ${d.path}`)).size).toBe(calls.length);
    expect(contract.vod.searchTopx.method).toBe('GET');
    expect(contract.vod.recommendList.method).toBe('GET');
  });

  it('the banner list is a Live API call', () => {
    expect(contract.live.bannerList).toMatchObject({
      area: 'live',
      path: '/liveapi/api/channel/banner/list/v1',
    });
  });

  it('default the page sizes of spec §9', () => {
    expect(contract.vod.batchPlaylist.request.parse({ playlistIds: ['x'] })).toMatchObject({
      pageId: 1,
      pageSize: 16,
    });
    expect(contract.vod.searchTopx.request.parse({})).toEqual({ pageId: 1, pageSize: 10 });
    expect(contract.vod.historyMetaList.request.parse({})).toMatchObject({ pageSize: 100 });
    expect(contract.vod.searchTopx.request.parse({ pageId: '2', pageSize: '5' })).toEqual({
      pageId: 2,
      pageSize: 5,
    });
  });

  it('the client sends the token in the query, not in a header', async () => {
    const seen: { url: string; headers: Record<string, string> }[] = [];
    const api = createClient({
      getToken: () => 'tok-123',
      fetch: (async (url: string, init: RequestInit) => {
        seen.push({ url, headers: init.headers as Record<string, string> });
        return new Response(JSON.stringify({ errCode: 0, errMsg: 'success', data: { list: [] } }));
      }) as typeof fetch,
    });
    await api.vod.recommendList({ metaId: 'm-001', sensitive: true });
    expect(seen[0]?.url).toBe('/vodapi/api/meta/recommend/list/v1?token=tok-123&metaId=m-001&sensitive=true');
    expect(seen[0]?.headers.Authorization).toBeUndefined();
  });
});
