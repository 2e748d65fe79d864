import { type CallDescriptor, contract, defineCall, drmLicense, ErrCode } from '@ottkit/api-client';
import { operatorContract } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { gzipSync } from 'node:zlib';
import { API_PREFIXES, isApiPath } from '../src/http/api.ts';
import { contractRawRoutes } from '../src/http/rawRoutes.ts';
import { route } from '../src/http/route.ts';
import { apiRoutes } from '../src/http/routes/index.ts';
import { titleUploadRawRoutes } from '../src/http/routes/operatorTitles.ts';
import { startServer, type TestServer } from './helpers.ts';

// The operator area (decision 0210) is a contract of its own, served by the same server.
const calls = Object.entries({ ...contract, ...operatorContract }).flatMap(([area, byName]) =>
  Object.entries(byName as Record<string, CallDescriptor>).map(([name, d]) => ({ id: `${area}.${name}`, d })),
);
const key = (d: { method: string; path: string }) => `${d.method} ${d.path}`;

describe("the contract's calls and the server's routes", () => {
  it('are the same set, both ways: every call has its route and every route is a call', () => {
    const served = [
      ...apiRoutes.map((r) => r.descriptor),
      ...contractRawRoutes().map((r) => r.descriptor),
      // The title upload's chunk call is raw and needs the store, so app.ts registers it beside these.
      ...titleUploadRawRoutes({} as never).map((r) => r.descriptor),
    ];
    const contractKeys = new Set(calls.map((c) => key(c.d)));
    const servedKeys = new Set(served.map((d) => key(d as CallDescriptor)));
    expect(
      [...contractKeys].filter((k) => !servedKeys.has(k)),
      'calls without a route',
    ).toEqual([]);
    expect(
      [...servedKeys].filter((k) => !contractKeys.has(k)),
      'routes outside the contract',
    ).toEqual([]);
    expect(served.length, 'a route registered twice').toBe(servedKeys.size);
    expect(calls.length, 'a call listed twice').toBe(contractKeys.size);
  });

  it('own the API prefixes: the first segments of the contract paths, and nothing else', () => {
    expect([...API_PREFIXES].sort()).toEqual([
      // The console's calls only: its pages under /admin are the site's.
      '/admin/api/',
      '/api/',
      '/dataReport/',
      '/drmLicense/',
      '/liveapi/',
      '/vodapi/',
    ]);
    for (const { d } of calls) expect(isApiPath(d.path), d.path).toBe(true);
    expect(isApiPath('/media/live/x.m3u8')).toBe(false);
    expect(isApiPath('/admin/login')).toBe(false);
  });

  it("register the contract's own descriptors (its schemas), raw calls as raw routes and only those", () => {
    const descriptors = new Set(calls.map((c) => c.d));
    for (const r of apiRoutes) {
      expect(descriptors.has(r.descriptor), key(r.descriptor)).toBe(true);
      expect(r.descriptor.tag, key(r.descriptor)).not.toBe('raw');
    }
    for (const r of contractRawRoutes()) {
      expect(r.descriptor && descriptors.has(r.descriptor), r.path).toBe(true);
      expect(r.descriptor?.tag, r.path).toBe('raw');
    }
  });
});

describe('through the running product', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({
      config: { memberSiteSandbox: true },
      // A stand-in live origin: the licence call must reach it through the product's route.
      origin: {
        async handle(_req, res, url) {
          if (url.pathname !== drmLicense.path) return false;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ keys: [], type: 'temporary' }));
          return true;
        },
      },
    });
  });
  afterAll(() => t.close());

  it('every call of the contract answers on its path with its method (none is "no API call")', async () => {
    const missing: string[] = [];
    for (const { id, d } of calls) {
      const res = await fetch(t.url + d.path, {
        method: d.method,
        ...(d.method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
      });
      const body = (await res.json()) as { errCode?: number };
      if (res.status === 404 || res.status === 405 || body.errCode === ErrCode.NOT_FOUND) missing.push(id);
    }
    expect(missing).toEqual([]);
  });
});

describe('the body parser', () => {
  // The same call under two descriptors that differ only in bodyFormat, in an area that has no form call.
  const echo = (bodyFormat?: 'compressedForm') =>
    defineCall({
      area: 'account',
      method: 'POST',
      path: bodyFormat ? '/api/test/form/v1' : '/api/test/json/v1',
      access: 'public',
      ...(bodyFormat ? { bodyFormat } : {}),
      summary: 'echo',
      request: z.object({ word: z.string() }).strict(),
      response: z.object({ word: z.string() }),
    });
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({
      routes: [route(echo('compressedForm'), (_ctx, req) => req), route(echo(), (_ctx, req) => req)],
    });
  });
  afterAll(() => t.close());

  const form = (path: string, value: unknown) =>
    fetch(t.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ data: gzipSync(JSON.stringify(value)).toString('base64') }).toString(),
    }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as { errCode: number; data?: unknown },
    }));

  it("is chosen by the descriptor's bodyFormat, not by area or path", async () => {
    expect((await form('/api/test/form/v1', { word: 'hi' })).body).toMatchObject({
      errCode: 0,
      data: { word: 'hi' },
    });
    expect((await t.post('/api/test/form/v1', { word: 'json too' })).body.data).toEqual({ word: 'json too' });
    const refused = await form('/api/test/json/v1', { word: 'hi' });
    expect(refused.status).toBe(415);
    expect(refused.body.errCode).toBe(ErrCode.UNSUPPORTED_MEDIA_TYPE);
  });
});
