import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contract, ErrCode } from '@ottkit/api-client';
import { favorMetaList } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../src/seed/accounts.ts';
import { loginAs, startServer, type TestServer } from './helpers.ts';

// Issue #21.10: cookies without Secure by default, and `?token=` accepted on every API path.
const A = contract.account;

describe('Secure cookies by default', () => {
  it('are on unless the server listens on loopback without a proxy', () => {
    const env = { OTTKIT_SECRET: 'x'.repeat(32) };
    const dataDir = mkdtempSync(join(tmpdir(), 'ottkit-config-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    expect(loadConfig({ dataDir, host: '0.0.0.0' }, env).secureCookies).toBe(true);
    expect(loadConfig({ dataDir, host: 'tv.example.com' }, env).secureCookies).toBe(true);
    expect(loadConfig({ dataDir, host: '127.0.0.1' }, env).secureCookies).toBe(false);
    expect(loadConfig({ dataDir, host: 'localhost' }, env).secureCookies).toBe(false);
    expect(loadConfig({ dataDir, host: '127.0.0.1', trustProxy: true }, env).secureCookies).toBe(true);
    expect(
      loadConfig({ dataDir, host: '0.0.0.0' }, { ...env, OTTKIT_SECURE_COOKIES: 'false' }).secureCookies,
    ).toBe(false);
  });

  describe('over HTTPS (secureCookies)', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startServer({ config: { secureCookies: true } });
    });
    afterAll(() => t.close());

    it('names the cookies __Host- (path /) and __Secure- (path-limited), marks them Secure, and reads them', async () => {
      const s = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
      const session = s.cookies.find((c) => c.startsWith('__Host-ottkit_session='))!;
      expect(session).toMatch(/; Path=\/;.*HttpOnly; SameSite=Lax; Secure$/);
      expect(session).not.toMatch(/Domain=/);
      const refresh = s.cookies.find((c) => c.startsWith('__Secure-ottkit_refresh='))!;
      expect(refresh).toMatch(/Path=\/api\/account\/token\/refresh\/v3;.*Secure/);
      expect((await t.post(A.userInfo.path, {}, { cookie: session.split(';')[0]! })).body.errCode).toBe(0);
      // The bare name is not read when the server sets prefixed ones (a sibling host could plant it).
      const bare = `ottkit_session=${s.token}`;
      expect((await t.post(A.userInfo.path, {}, { cookie: bare })).body.errCode).toBe(
        ErrCode.SESSION_INVALID,
      );
      const renewed = await t.post(A.refreshToken.path, {}, { cookie: refresh.split(';')[0]! });
      expect(renewed.body.errCode).toBe(0);
    });
  });
});

describe('?token= only where the spec carries it', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());

  it('is ignored on account, live and message calls, and accepted on the VOD API', async () => {
    const s = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
    const q = `?token=${encodeURIComponent(s.token)}`;
    expect((await t.post(A.userInfo.path + q, {})).body.errCode).toBe(ErrCode.SESSION_INVALID);
    expect((await t.post(contract.live.favoriteList.path + q, {})).body.errCode).toBe(
      ErrCode.SESSION_INVALID,
    );
    expect((await t.post(A.logout.path + q, {})).body.errCode).toBe(ErrCode.SESSION_INVALID);
    const vod = await t.post(favorMetaList.path + q, {});
    expect(vod.body.errCode).toBe(0);
  });
});
