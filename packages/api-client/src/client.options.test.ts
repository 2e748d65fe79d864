import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from './client.ts';
import { titleUploadChunk } from './contract/operatorTitles.ts';
import { fakeFetch, refusedFetch } from './client.test-helpers.ts';
import { NetworkError } from './errors/errors.ts';
import { routes } from './routes.generated.ts';

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ errCode: 0, errMsg: 'success', data }), {
    headers: { 'content-type': 'application/json' },
  });

const event = {
  eventId: 'evt-00000001',
  ts: 1,
  type: 'playError',
  mode: 'live',
  code: 'x',
  message: 'y',
} as const;

afterEach(() => vi.unstubAllGlobals());

describe('createClient: the body format of the descriptor', () => {
  it('sends a compressedForm call as data=<base64 of gzip(JSON)>, form-encoded', async () => {
    const f = fakeFetch(() => envelope({ accepted: 1, duplicates: 0 }));
    await createClient({ fetch: f.fn }).metrics.metricsBatchPost({ events: [event] });
    const { init, url } = f.seen[0]!;
    expect(url).toBe(routes.metrics.metricsBatchPost.path);
    expect((init.headers as Record<string, string>)['content-type']).toBe(
      'application/x-www-form-urlencoded',
    );
    const data = new URLSearchParams(init.body as string).get('data')!;
    expect(JSON.parse(gunzipSync(Buffer.from(data, 'base64')).toString('utf8'))).toEqual({ events: [event] });
  });

  it('sends a compressedForm call kept alive as plain JSON, reaching fetch in the same task (issue 37)', async () => {
    const f = fakeFetch(() => envelope({ accepted: 1, duplicates: 0 }));
    void createClient({ fetch: f.fn }).metrics.metricsBatchPost({ events: [event] }, { keepalive: true });
    // No await: a page going away runs no later task.
    expect(f.seen).toHaveLength(1);
    const { init } = f.seen[0]!;
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ events: [event] });
    expect(init.keepalive).toBe(true);
  });

  it('sends an octetStream call with its fields in the query and the given bytes as they are', async () => {
    const f = fakeFetch(() => envelope({ upload: {} }));
    const bytes = new Blob([new Uint8Array([1, 2, 3])]);
    await createClient({ fetch: f.fn }).call(
      titleUploadChunk,
      { uploadId: 'u-1', offset: 4 },
      { body: bytes },
    );
    const { init, url } = f.seen[0]!;
    expect(url).toBe(`${titleUploadChunk.path}?uploadId=u-1&offset=4`);
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/octet-stream');
    expect(init.body).toBe(bytes);
  });

  it('sends every other call as JSON', async () => {
    const f = fakeFetch(() => envelope({ planList: [] }));
    await createClient({ fetch: f.fn }).account.planList({});
    expect((f.seen[0]!.init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(f.seen[0]!.init.body as string)).toEqual({});
  });
});

describe('createClient: call options', () => {
  it('keeps a call alive past the page when asked, and only then', async () => {
    const f = fakeFetch(() => envelope({ planList: [] }));
    const api = createClient({ fetch: f.fn });
    await api.account.planList({}, { keepalive: true });
    await api.account.planList({});
    expect(f.seen[0]!.init.keepalive).toBe(true);
    expect(f.seen[1]!.init.keepalive).toBeUndefined();
  });

  it('hands the same body to a beacon where the browser refuses keepalive, and rejects (no answer)', async () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    const api = createClient({ fetch: refusedFetch, areaBaseUrls: { vod: 'https://vod.example' } });
    const report = {
      metaId: 'm1',
      videoType: 'MOVIE' as const,
      imdbId: '',
      tmdbId: '',
      episodeNo: null,
      seasonNo: null,
      played: true,
      playedTime: 60,
      playProgress: 10,
      totalDuration: 600,
    };
    await expect(api.vod.playProgressReport(report, { keepalive: true })).rejects.toBeInstanceOf(
      NetworkError,
    );
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe(`https://vod.example${routes.vod.playProgressReport.path}`);
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toEqual(report);
  });

  it('sends no beacon for an ordinary call that fails', async () => {
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    await expect(createClient({ fetch: refusedFetch }).account.planList({})).rejects.toBeInstanceOf(
      NetworkError,
    );
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it("aborts with the caller's signal", async () => {
    // Like fetch: rejects once its signal is aborted, whether before the call or during it.
    const hanging = ((_url: string, init: RequestInit) =>
      new Promise((_, reject) => {
        if (init.signal?.aborted) reject(new Error('aborted'));
        init.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      })) as unknown as typeof fetch;
    const controller = new AbortController();
    const pending = createClient({ fetch: hanging }).account.planList({}, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('createClient: response hooks', () => {
  it("show every answer to the client's hook, then the call's, with the call it answers", async () => {
    const f = fakeFetch(() => envelope({ planList: [] }));
    const seen: string[] = [];
    const api = createClient({
      fetch: f.fn,
      onResponse: (res, call) => void seen.push(`client ${res.status} ${call.path}`),
    });
    await api.account.planList({}, { onResponse: (res) => void seen.push(`call ${res.status}`) });
    expect(seen).toEqual([`client 200 ${routes.account.planList.path}`, 'call 200']);
  });

  it('may replace the answer the client reads', async () => {
    const f = fakeFetch(() => envelope({ planList: [] }));
    const api = createClient({ fetch: f.fn, onResponse: () => envelope({ planList: [{ planId: 'p' }] }) });
    expect(await api.account.planList({})).toEqual({ planList: [{ planId: 'p' }] });
  });

  it('that throw make the call fail as a network error, never as a success', async () => {
    const f = fakeFetch(() => envelope({ planList: [] }));
    const api = createClient({
      fetch: f.fn,
      onResponse: () => {
        throw new Error('hook broke');
      },
    });
    await expect(api.account.planList({})).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('createClient: raw calls', () => {
  it('has no method for a raw call (the licence, the OpenAPI document), which answer without the envelope', () => {
    const api = createClient() as unknown as Record<string, Record<string, unknown>>;
    expect(api.drm?.drmLicense).toBeUndefined();
    expect(api.account?.openApiDocument).toBeUndefined();
    expect(api.memberSite?.sandboxAccount).toBeTypeOf('function');
  });
});
