import { contract, ErrCode } from '@ottkit/api-client';
import { defineCall } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from '../src/http/route.ts';
import { startServer, type TestServer } from './helpers.ts';

const boom = defineCall({
  area: 'live',
  method: 'POST',
  path: '/liveapi/test/boom',
  access: 'public',
  summary: 'Throws, to test the unexpected-exception path.',
  request: z.object({}),
  response: z.object({}),
});
const drift = defineCall({
  area: 'live',
  method: 'GET',
  path: '/liveapi/test/drift',
  access: 'public',
  summary: 'Answers outside its schema, to test response checking.',
  request: z.object({ n: z.string().optional() }).strict(),
  response: z.object({ n: z.number() }),
});

const path = contract.live.channelList.path;
let t: TestServer;
beforeAll(async () => {
  t = await startServer({
    routes: [
      route(boom, () => {
        throw new Error('secret internals at /srv/x.ts:12');
      }),
      route(drift, (_ctx, req) => ({ n: req.n as unknown as number })),
    ],
  });
});
afterAll(() => t.close());

describe('the API envelope for mistakes', () => {
  it('answers an unknown API path with NOT_FOUND and HTTP 404', async () => {
    for (const p of [
      '/liveapi/api/nope',
      '/vodapi/x',
      '/api/account/nope',
      '/drmLicense/x',
      '/dataReport/x',
    ]) {
      const { status, body } = await t.post(p, {});
      expect(status).toBe(404);
      expect(body.errCode).toBe(ErrCode.NOT_FOUND);
      expect(body.errMsg).toContain(p);
    }
  });

  it('answers malformed JSON with BAD_JSON', async () => {
    const { status, body } = await t.post(path, '{"accountId": ');
    expect(status).toBe(400);
    expect(body.errCode).toBe(ErrCode.BAD_JSON);
    expect(body.errMsg).toMatch(/Malformed JSON/);
  });

  it('answers a body that is not an object with INVALID_REQUEST', async () => {
    for (const raw of ['[]', '"x"', '12', 'null']) {
      expect((await t.post(path, raw)).body.errCode).toBe(ErrCode.INVALID_REQUEST);
    }
  });

  it('answers a wrong method with METHOD_NOT_ALLOWED and an Allow header', async () => {
    const { status, body, headers } = await t.get(path);
    expect(status).toBe(405);
    expect(body.errCode).toBe(ErrCode.METHOD_NOT_ALLOWED);
    expect(headers.get('allow')).toBe('POST');
  });

  it('caps the body size with BODY_TOO_LARGE', async () => {
    const { status, body } = await t.post(path, { accountId: 'x'.repeat(70 * 1024) });
    expect(status).toBe(413);
    expect(body.errCode).toBe(ErrCode.BODY_TOO_LARGE);
  });

  it('rejects a non-JSON content type', async () => {
    const { status, body } = await t.post(path, 'a=1', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(status).toBe(415);
    expect(body.errCode).toBe(ErrCode.UNSUPPORTED_MEDIA_TYPE);
  });

  it('hides an unexpected exception behind INTERNAL and HTTP 500, and logs it', async () => {
    const { status, body } = await t.post(boom.path, {});
    expect(status).toBe(500);
    expect(body).toEqual({ errCode: ErrCode.INTERNAL, errMsg: 'Internal server error' });
    expect(String(t.errors.at(-1))).toContain('secret internals');
  });

  it('turns a response that breaks its contract into INTERNAL when checking is on', async () => {
    expect((await t.get(`${drift.path}?n=abc`)).body.errCode).toBe(ErrCode.INTERNAL);
    expect(String(t.errors.at(-1))).toMatch(/breaks its contract/);
  });

  it('validates GET calls from the query', async () => {
    const { body } = await t.get(`${drift.path}?x=1`);
    expect(body.errCode).toBe(ErrCode.INVALID_REQUEST);
    expect(body.errMsg).toMatch(/"x"/);
  });

  it('sends the security headers on API answers', async () => {
    const { headers } = await t.post('/liveapi/nope', {});
    expect(headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it('answers other paths with 404 when there is no site', async () => {
    expect((await fetch(`${t.url}/liveTv`)).status).toBe(404);
    expect((await fetch(`${t.url}/media/live/ch1/index.m3u8`)).status).toBe(404);
  });
});

describe('composition', () => {
  it('delegates /media/* to the origin and everything else to the site', async () => {
    const s = await startServer({
      origin: {
        async handle(_req, res, url) {
          if (!url.pathname.startsWith('/media/live/')) return false;
          res.end('origin');
          return true;
        },
      },
      site: (req, res, next) => {
        if (req.url === '/liveTv') res.end('site');
        else next();
      },
    });
    try {
      expect(await (await fetch(`${s.url}/media/live/ch1/index.m3u8`)).text()).toBe('origin');
      expect(await (await fetch(`${s.url}/liveTv`)).text()).toBe('site');
      expect((await fetch(`${s.url}/elsewhere`)).status).toBe(404);
      expect((await s.post(path, {})).body.errCode).toBe(0);
    } finally {
      await s.close();
    }
  });
});
