import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCall } from './contract/call.ts';
import { createClient, REQUEST_TIMEOUT_MS } from './client.ts';
import { ErrCode, SESSION_INVALID_CODES } from './errors/catalogue.ts';
import {
  BusinessError,
  ContentUnavailableError,
  NetworkError,
  NoAuthorityError,
  ServerError,
  SessionInvalidError,
  TimeoutError,
} from './errors/errors.ts';
import { fakeFetch } from './client.test-helpers.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const okList = {
  channelColumnInfo: [],
  channelListInfo: [],
  channelListLatestUpdateTimeTs: 1,
  kidsModeSwitch: false,
};

afterEach(() => {
  vi.useRealTimers();
});

describe('createClient: requests', () => {
  it('sends the headers of spec §7: Authorization, client web, lang', async () => {
    const f = fakeFetch(() => json({ errCode: 0, errMsg: 'success', data: okList }));
    const api = createClient({ fetch: f.fn, lang: () => 'es', getToken: () => 'tok-1' });
    await api.live.channelList({});
    const headers = f.seen[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers.client).toBe('web');
    expect(headers.lang).toBe('es');
    expect(f.seen[0]!.init.method).toBe('POST');
    expect(f.seen[0]!.url).toBe('/liveapi/api/v5/channel/unencrypted/list');
  });

  it('omits Authorization without a token and defaults lang to en', async () => {
    const f = fakeFetch(() => json({ errCode: 0, errMsg: 'success', data: okList }));
    await createClient({ fetch: f.fn }).live.channelList({});
    const headers = f.seen[0]!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers.lang).toBe('en');
  });

  it('adds accountId to every POST body', async () => {
    const f = fakeFetch(() => json({ errCode: 0, errMsg: 'success', data: okList }));
    await createClient({ fetch: f.fn, getAccountId: () => 'acc-7' }).live.channelList({});
    expect(JSON.parse(f.seen[0]!.init.body as string)).toEqual({ accountId: 'acc-7' });
  });

  it('uses the per-area base URL', async () => {
    const f = fakeFetch(() => json({ errCode: 0, errMsg: 'success', data: okList }));
    await createClient({
      fetch: f.fn,
      baseUrl: 'https://a.example',
      areaBaseUrls: { live: 'https://live.example/' },
    }).live.channelList({});
    expect(f.seen[0]!.url).toBe('https://live.example/liveapi/api/v5/channel/unencrypted/list');
  });

  it('returns data on errCode 0', async () => {
    const f = fakeFetch(() => json({ errCode: 0, errMsg: 'success', data: okList }));
    await expect(createClient({ fetch: f.fn }).live.channelList({})).resolves.toEqual(okList);
  });
});

describe('createClient: GET calls and the VOD token', () => {
  const vodCall = defineCall({
    area: 'vod',
    method: 'GET',
    path: '/vodapi/api/test/list',
    access: 'session',
    tokenIn: 'query',
    summary: 'test',
    request: z.object({ pageId: z.number(), q: z.string().optional() }),
    response: z.object({}),
  });

  it('puts the request and the token in the query, not in a header or body', async () => {
    const f = fakeFetch(() => json({ errCode: 0, errMsg: 'success', data: {} }));
    const api = createClient(
      { fetch: f.fn, getToken: () => 'tok 2', getAccountId: () => 'acc-1' },
      { vod: { vodCall } },
    );
    await api.vod.vodCall({ pageId: 2, q: undefined });
    const seen = f.seen[0]!;
    expect(seen.init.method).toBe('GET');
    expect(seen.init.body).toBeUndefined();
    expect(seen.url).toBe('/vodapi/api/test/list?token=tok+2&pageId=2');
    expect((seen.init.headers as Record<string, string>).Authorization).toBeUndefined();
  });
});

describe('createClient: the 50 s timeout', () => {
  it('is 50 s by default', () => {
    expect(REQUEST_TIMEOUT_MS).toBe(50_000);
  });

  it('aborts after 50 s with a TimeoutError, not before', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const hanging = ((_url: string, init: RequestInit) => {
      signal = init.signal ?? undefined;
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    }) as unknown as typeof fetch;
    const p = createClient({ fetch: hanging }).live.channelList({});
    const caught = p.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = await caught;
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).name).toBe('TimeoutError');
  });
});

describe('createClient: typed errors for the catalogue of spec §8', () => {
  async function errorFor(answer: () => Response | Promise<Response>, onSessionInvalid = vi.fn()) {
    const f = fakeFetch(answer);
    const onError = vi.fn();
    const err = await createClient({ fetch: f.fn, onSessionInvalid, onError })
      .live.channelList({})
      .catch((e: unknown) => e);
    expect(onError).toHaveBeenCalledWith(err);
    return err;
  }

  it.each(SESSION_INVALID_CODES)('maps %i to SessionInvalidError and calls the hook', async (code) => {
    const hook = vi.fn();
    const err = await errorFor(() => json({ errCode: code, errMsg: 'session gone' }), hook);
    expect(err).toBeInstanceOf(SessionInvalidError);
    expect((err as SessionInvalidError).errCode).toBe(code);
    expect(hook).toHaveBeenCalledTimes(1);
  });

  it('includes 10101040, 10101041, 555, 200-205, 208, 220, 223 and 404 in the session list', () => {
    expect([...SESSION_INVALID_CODES].sort((a, b) => a - b)).toEqual(
      [200, 201, 202, 203, 204, 205, 208, 220, 223, 404, 555, 10101040, 10101041].sort((a, b) => a - b),
    );
  });

  it.each([5001, 5002, 5003, 5004, 5005])('maps %i to NoAuthorityError', async (code) => {
    expect(await errorFor(() => json({ errCode: code, errMsg: 'no' }))).toBeInstanceOf(NoAuthorityError);
  });

  it.each([6001, 6002, 6003])('maps %i to ContentUnavailableError', async (code) => {
    expect(await errorFor(() => json({ errCode: code, errMsg: 'gone' }))).toBeInstanceOf(
      ContentUnavailableError,
    );
  });

  it.each([500, 502])('maps HTTP %i to ServerError', async (status) => {
    const err = await errorFor(() => json({ errCode: ErrCode.INTERNAL, errMsg: 'x' }, status));
    expect(err).toBeInstanceOf(ServerError);
    expect((err as ServerError).message).toBe('Internal server error');
    expect((err as ServerError).errCode).toBe(status);
  });

  it('maps an answer that is not an envelope to ServerError', async () => {
    expect(await errorFor(() => new Response('<html>bad gateway</html>', { status: 200 }))).toBeInstanceOf(
      ServerError,
    );
  });

  it('maps a failed fetch to NetworkError', async () => {
    const err = await errorFor(() => Promise.reject(new TypeError('fetch failed')));
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as NetworkError).cause).toBeInstanceOf(TypeError);
  });

  it.each([5000, 5006, 6000, 6004, 10109002, 10101069, 1])(
    'maps %i to BusinessError with the server message',
    async (code) => {
      const err = await errorFor(() => json({ errCode: code, errMsg: 'Server says no' }));
      expect(err).toBeInstanceOf(BusinessError);
      expect((err as BusinessError).message).toBe('Server says no');
      expect((err as BusinessError).errCode).toBe(code);
      expect((err as BusinessError).path).toBe('/liveapi/api/v5/channel/unencrypted/list');
    },
  );

  it('does not call the session hook for other errors', async () => {
    const hook = vi.fn();
    await errorFor(() => json({ errCode: 5001, errMsg: 'no' }), hook);
    expect(hook).not.toHaveBeenCalled();
  });
});

describe('createClient: one refresh in flight at a time', () => {
  const invalid = () => json({ errCode: 10101040, errMsg: 'session gone' });
  const ok = () => json({ errCode: 0, errMsg: 'success', data: okList });

  it('refreshes once for calls that fail together, then retries each once', async () => {
    let token = 'old';
    const fetchFn = (async (_url: string, init: RequestInit) =>
      (init.headers as Record<string, string>).Authorization === 'Bearer new'
        ? ok()
        : invalid()) as unknown as typeof fetch;
    let release: (v: boolean) => void = () => {};
    const refreshSession = vi.fn(
      () =>
        new Promise<boolean>((resolve) => {
          release = (v) => {
            token = 'new';
            resolve(v);
          };
        }),
    );
    const onSessionInvalid = vi.fn();
    const api = createClient({ fetch: fetchFn, getToken: () => token, refreshSession, onSessionInvalid });
    const calls = [api.live.channelList({}), api.live.channelList({}), api.live.channelList({})];
    await vi.waitFor(() => expect(refreshSession).toHaveBeenCalledTimes(1));
    release(true);
    await expect(Promise.all(calls)).resolves.toEqual([okList, okList, okList]);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(onSessionInvalid).not.toHaveBeenCalled();
  });

  it('calls the session hook when the refresh fails, and never refreshes the refresh call', async () => {
    const f = fakeFetch(invalid);
    const refreshSession = vi.fn(async () => false);
    const onSessionInvalid = vi.fn();
    const api = createClient({ fetch: f.fn, refreshSession, onSessionInvalid });
    await expect(api.live.channelList({})).rejects.toBeInstanceOf(SessionInvalidError);
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
    const refreshCall = defineCall({
      area: 'account',
      method: 'POST',
      path: '/api/account/token/refresh/v3',
      access: 'public',
      summary: 'refresh',
      request: z.object({}),
      response: z.object({}),
    });
    await expect(api.call(refreshCall, {})).rejects.toBeInstanceOf(SessionInvalidError);
    expect(refreshSession).toHaveBeenCalledTimes(1);
  });

  it('does not loop when the retried call is still invalid', async () => {
    const f = fakeFetch(invalid);
    const refreshSession = vi.fn(async () => true);
    const onSessionInvalid = vi.fn();
    await expect(
      createClient({ fetch: f.fn, refreshSession, onSessionInvalid }).live.channelList({}),
    ).rejects.toBeInstanceOf(SessionInvalidError);
    expect(f.seen).toHaveLength(2);
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
  });
});
