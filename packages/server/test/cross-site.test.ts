import { contract, ErrCode } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../src/seed/accounts.ts';
import { bearer, loginAs, startServer, type TestServer } from './helpers.ts';

// Issue #21.4: login CSRF. A page on another site (another port of the same host included) made the
// browser post the login or the guest login and so swapped the viewer's session for one it chose.
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const A = contract.account;
const loginBody = { loginInfo: { email: DEMO_SUBSCRIBED.email, password: DEMO_PASSWORD } };
const host = () => new URL(t.url).host;

describe('state-changing calls from another site', () => {
  const crossSite: Record<string, string>[] = [
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
    { origin: 'https://evil.example' },
    { origin: 'null' },
  ];

  for (const headers of crossSite) {
    it(`refuses login, guest login and register (${JSON.stringify(headers)}) and sets no cookie`, async () => {
      for (const [path, body] of [
        [A.login.path, loginBody],
        [A.visitorLogin.path, {}],
        [A.verification.path, { email: 'csrf@example.com', purpose: 'register' }],
      ] as const) {
        // text/plain is what a cross-site HTML form can send without a CORS preflight.
        const res = await t.post(path, JSON.stringify(body), { 'content-type': 'text/plain', ...headers });
        expect(res.status).toBe(403);
        expect(res.body.errCode).toBe(ErrCode.CROSS_SITE_REFUSED);
        expect(res.headers.getSetCookie()).toEqual([]);
      }
    });
  }

  it('is not fooled by a ?token= on a call that does not take its token there', async () => {
    const res = await t.post(`${A.login.path}?token=${'x'.repeat(43)}`, JSON.stringify(loginBody), {
      'content-type': 'text/plain',
      'sec-fetch-site': 'cross-site',
    });
    expect(res.body.errCode).toBe(ErrCode.CROSS_SITE_REFUSED);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a cookie session call from another site, even with the cookie', async () => {
    const s = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
    const cookie = s.cookies.find((c) => c.startsWith('ottkit_session='))!.split(';')[0]!;
    const res = await t.post(A.logout.path, {}, { cookie, 'sec-fetch-site': 'cross-site' });
    expect(res.body.errCode).toBe(ErrCode.CROSS_SITE_REFUSED);
    expect((await t.post(A.userInfo.path, {}, { cookie })).body.errCode).toBe(0);
  });
});

describe('what keeps working', () => {
  it('the site itself: same-origin fetches (Sec-Fetch-Site, or Origin naming this host)', async () => {
    const same = await t.post(A.login.path, loginBody, { 'sec-fetch-site': 'same-origin', origin: t.url });
    expect(same.body.errCode).toBe(0);
    const originOnly = await t.post(A.login.path, loginBody, { origin: t.url, host: host() });
    expect(originOnly.body.errCode).toBe(0);
  });

  it('non-browser clients: no Origin, no Sec-Fetch-Site', async () => {
    expect((await t.post(A.login.path, loginBody)).body.errCode).toBe(0);
    expect((await t.post(A.visitorLogin.path, {})).body.errCode).toBe(0);
  });

  it('a call naming its credential (bearer token) from another origin, as API clients in pages do', async () => {
    const s = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
    const res = await t.post(A.userInfo.path, {}, { ...bearer(s.token), 'sec-fetch-site': 'cross-site' });
    expect(res.body.errCode).toBe(0);
  });

  it('reads (GET) from another site are not refused', async () => {
    const res = await t.get(contract.account.openApiDocument.path, { 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(200);
  });
});
