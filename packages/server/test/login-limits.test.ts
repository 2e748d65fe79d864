import { contract, ErrCode } from '@ottkit/api-client';
import { defineCall } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route } from '../src/http/route.ts';
import { DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../src/seed/accounts.ts';
import { loginAs, startServer, type TestServer } from './helpers.ts';

const whoami = defineCall({
  area: 'vod',
  method: 'GET',
  path: '/vodapi/test/whoami',
  access: 'session',
  tokenIn: 'query',
  summary: 'Echoes the session, to test the VOD query token.',
  request: z.object({}).strict(),
  response: z.object({ accountId: z.string(), status: z.string() }),
});

let t: TestServer;
beforeAll(async () => {
  t = await startServer({
    routes: [route(whoami, (ctx) => ({ accountId: ctx.session!.accountId, status: ctx.session!.status }))],
  });
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  t.post(contract.account.login.path, { loginInfo: { email, password } });

describe('failed logins per caller address', () => {
  it('locks the address after 20 failures across accounts, then lets it try again later', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await login(`stuffing-${i}@example.com`, 'guess-123')).body.errCode).toBe(
        ErrCode.WRONG_CREDENTIALS,
      );
    }
    const locked = await login(DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
    expect(locked.body.errCode).toBe(ErrCode.TOO_MANY_ATTEMPTS);
    t.advance(30_000);
    expect((await login(DEMO_SUBSCRIBED.email, DEMO_PASSWORD)).body.errCode).toBe(0);
  });
});

describe('where the session comes from', () => {
  it('accepts the VOD API token in the query, and the header wins over the cookie', async () => {
    const s = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
    const q = await t.get(`${whoami.path}?token=${encodeURIComponent(s.token)}`);
    expect(q.body.data).toEqual({ accountId: DEMO_SUBSCRIBED.accountId, status: 'user' });
    const cookie = s.cookies.find((c) => c.startsWith('ottkit_session='))!.split(';')[0]!;
    const both = await t.get(whoami.path, { cookie, authorization: 'Bearer not-a-valid-token-at-all' });
    expect(both.body.errCode).toBe(ErrCode.SESSION_INVALID);
    expect((await t.get(whoami.path, { cookie })).body.errCode).toBe(0);
  });
});
