import { contract } from '@ottkit/api-client';
import type { CallDescriptor } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NO_AUTHORITY, DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../../src/seed/accounts.ts';
import { tampered } from '../tokenTamper.ts';
import { loginAs, type LoggedIn, type TestServer } from '../helpers.ts';
import { callRaw, dbFingerprint, raw, startTarget, Tally, totalChanges } from './probe.ts';
import { sampleRequest } from './sample.ts';

// The access rules tried from the outside (issue #21 item 6): every call with no session, a guest, a free user
// and a forged token; media URLs with the wrong resource, kind, account or age; cookies. Nothing here may be
// granted, nothing may answer 5xx, and nothing refused may change a row.
let t: TestServer;
const tally = new Tally();
let subscriber: LoggedIn;
let free: LoggedIn;
let guestToken = '';

beforeAll(async () => {
  t = await startTarget();
  subscriber = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
  free = await loginAs(t, DEMO_NO_AUTHORITY.email, DEMO_PASSWORD);
  const g = await t.post(contract.account.visitorLogin.path, { deviceId: 'security-suite-device' });
  guestToken = (g.body.data as { tokens: { token: string } }).tokens.token;
}, 300_000);
afterAll(async () => {
  tally.print('security/access');
  await t.close();
});

const calls = Object.values(contract).flatMap((area) => Object.values(area) as CallDescriptor[]);
const json = (a: { body: string }) => {
  try {
    return JSON.parse(a.body) as { errCode: number; errMsg: string; data?: unknown };
  } catch {
    return { errCode: -1, errMsg: a.body };
  }
};

/** Calls `d` with `body` (a valid sample when omitted): as the query for GET calls. */
/** Calls `d` with `body` (a valid sample when omitted). */
const call = (
  d: CallDescriptor,
  body: unknown = sampleRequest(d).value,
  headers: Record<string, string> = {},
) => callRaw(t.url, d, body, headers);

describe('access rules of every contract call', () => {
  it('refuses every session and user call without a session, with forged tokens, and user calls for a guest', async () => {
    const before = dbFingerprint(t.server.db);
    const forged = [
      tampered(subscriber.token),
      'x'.repeat(43),
      subscriber.refreshToken,
      '',
      'Bearer',
      "' OR 1=1 --",
    ];
    for (const d of calls.filter((c) => c.access !== 'public')) {
      const none = tally.record('call without a session', d.path, await call(d, undefined));
      expect(json(none).errCode, d.path).not.toBe(0);
      for (const token of forged) {
        const a = tally.record(
          'call with a forged/other-kind token',
          d.path,
          await call(d, undefined, { authorization: `Bearer ${token}` }),
        );
        expect(json(a).errCode, `${d.path} with ${token.slice(0, 8)}`).not.toBe(0);
      }
      // Cookies from another site are not used (Origin differs from Host).
      const crossSite = tally.record(
        'cross-site request with the session cookie',
        d.path,
        await call(d, undefined, {
          cookie: `ottkit_session=${subscriber.token}`,
          origin: 'http://evil.example',
        }),
      );
      expect(json(crossSite).errCode, d.path).not.toBe(0);
      if (d.access === 'user') {
        const guest = tally.record(
          'user call with a guest session',
          d.path,
          await call(d, undefined, { authorization: `Bearer ${guestToken}` }),
        );
        expect(json(guest).errCode, d.path).not.toBe(0);
      }
    }
    expect(dbFingerprint(t.server.db)).toEqual(before);
    expect(tally.fiveHundreds).toEqual([]);
  });

  it("never shows or changes another account's data: favourites, history, messages", async () => {
    const auth = (u: LoggedIn) => ({ authorization: `Bearer ${u.token}` });
    // The subscriber adds a favourite; the free user cannot see or delete it.
    await t.post(
      contract.live.favoriteCreate.path,
      { favoriteChannelList: [{ logicalChannelId: 'lc-001', updateTime: t.clock.now }] },
      auth(subscriber),
    );
    const theirs = await t.post(contract.live.favoriteList.path, {}, auth(free));
    expect(JSON.stringify(theirs.body.data)).not.toContain('lc-001');
    const changes = totalChanges(t.server.db);
    for (const accountId of [subscriber.accountId, 'acc-1', "' OR '1'='1"]) {
      // accountId in the body is accepted (spec) but never trusted over the session.
      const r = tally.record(
        'another accountId in the body',
        accountId,
        await call(contract.live.favoriteList, { accountId }, auth(free)),
      );
      expect(r.body).not.toContain('lc-001');
    }
    const mine = await t.post(contract.live.favoriteList.path, {}, auth(subscriber));
    expect(JSON.stringify(mine.body.data)).toContain('lc-001');
    expect(totalChanges(t.server.db)).toBe(changes);
    const msg = tally.record(
      "another account's notification",
      'notificationStateUpdate',
      await call(contract.message.notificationStateUpdate, { msgId: '1', state: 'deleted' }, auth(free)),
    );
    expect(msg.status).toBeLessThan(500);
    expect(tally.fiveHundreds).toEqual([]);
  });
});

describe('media URLs', () => {
  const auth = (u: LoggedIn) => ({ authorization: `Bearer ${u.token}` });
  const mediaOf = async (u: LoggedIn, logicalChannelId: string) => {
    const r = await t.post(contract.live.channelPlaySource.path, { logicalChannelId }, auth(u));
    return contract.live.channelPlaySource.response.parse(r.body.data);
  };

  it('gives a free user the fallback clip, not the channel; tampered, swapped, re-kinded and expired tokens get 403', async () => {
    const paid = await mediaOf(subscriber, 'lc-002');
    const unpaid = await mediaOf(free, 'lc-002');
    expect(unpaid.authorized).toBe(false);
    expect(unpaid.url).not.toBe(paid.url);
    expect(unpaid.url).toContain('/fallback/');

    const token = new URL(paid.url, t.url).searchParams.get('token') ?? '';
    const [payload = '', mac = ''] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const reSigned = (patch: Record<string, unknown>) =>
      `${Buffer.from(JSON.stringify({ ...claims, ...patch })).toString('base64url')}.${mac}`;
    const path = new URL(paid.url, t.url).pathname;
    const attempts: [string, string][] = [
      ['no token', path],
      ['flipped signature', `${path}?token=${tampered(token)}`],
      ['other resource, old signature', `${path}?token=${reSigned({ r: 'live/ch1' })}`],
      ['kind vod, old signature', `${path}?token=${reSigned({ k: 'vod' })}`],
      ['later expiry, old signature', `${path}?token=${reSigned({ e: Number(claims.e) + 86_400_000 })}`],
      ["this token on another channel's path", `${path.replace(/live\/[^/]+/, 'live/ch1')}?token=${token}`],
      ['this token on a VOD path', `/media/vod/m-001/master.m3u8?token=${token}`],
      ['the catch-up token as a media token', `${path}?token=${subscriber.token}`],
    ];
    for (const [what, p] of attempts) {
      const a = tally.record('media URL tampered', what, await raw(t.url, p));
      expect(a.status, what).toBe(403);
    }
    // The real one works, until it expires.
    expect((await raw(t.url, `${path}?token=${token}`)).status).toBe(200);
    t.advance(7 * 24 * 3600 * 1000);
    const late = tally.record(
      'media URL expired',
      'a week later',
      await raw(t.url, `${path}?token=${token}`),
    );
    expect(late.status).toBe(403);
    t.advance(-7 * 24 * 3600 * 1000);
    expect(tally.fiveHundreds).toEqual([]);
  });
});

describe('session cookies', () => {
  it('are HttpOnly, SameSite, scoped; the refresh cookie only goes to the refresh call', async () => {
    const res = await raw(t.url, contract.account.login.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginInfo: { email: DEMO_SUBSCRIBED.email, password: DEMO_PASSWORD } }),
    });
    tally.record('login (cookie flags)', 'login', res);
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    const session = cookies.find((c) => c.startsWith('ottkit_session='));
    const refresh = cookies.find((c) => c.startsWith('ottkit_refresh='));
    expect(session).toMatch(/; HttpOnly/);
    expect(session).toMatch(/; SameSite=(Lax|Strict)/);
    expect(session).toMatch(/; Path=\//);
    expect(refresh).toMatch(/; HttpOnly/);
    expect(refresh).toMatch(/; SameSite=Strict/);
    expect(refresh).toMatch(/; Path=\/api\/account\/token\/refresh\/v3/);
    for (const c of cookies) expect(c).not.toMatch(/Domain=/i);
  });

  it('treats malformed cookies and headers as absent: never 5xx, never a session', async () => {
    const d = contract.account.userInfo;
    const headers: Record<string, string>[] = [
      { cookie: 'ottkit_session=%' },
      { cookie: 'ottkit_session=%E0%A4%A' },
      { cookie: `ottkit_session=${'a'.repeat(8000)}` },
      { cookie: ';;;=;=;ottkit_session' },
      { cookie: 'ottkit_session="quoted"; ottkit_session=second' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: 'Bearer a b c' },
      { authorization: `Bearer ${'x'.repeat(5000)}` },
      { lang: '<script>alert(1)</script>' },
      { lang: '../../etc/passwd' },
      { 'content-type': 'application/json; charset=utf-7' },
      { 'content-type': 'text/html' },
      { 'content-type': 'multipart/form-data; boundary=x' },
      { 'x-forwarded-for': '127.0.0.1, ::1, not-an-ip' },
      { 'accept-encoding': 'br;q=0, gzip;q=0, *;q=0' },
      { 'accept-language': 'zz-'.repeat(200) },
    ];
    const before = dbFingerprint(t.server.db);
    for (const h of headers) {
      const a = tally.record(
        'malformed cookie or header',
        JSON.stringify(h).slice(0, 60),
        await call(d, undefined, h),
      );
      expect(a.status, JSON.stringify(h).slice(0, 60)).toBeLessThan(500);
      expect(json(a).errCode).not.toBe(0);
    }
    expect(dbFingerprint(t.server.db)).toEqual(before);
    expect(tally.fiveHundreds).toEqual([]);
  });
});
