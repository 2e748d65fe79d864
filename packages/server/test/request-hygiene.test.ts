import { contract, DRM_LICENSE_PATH } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductServer } from './productServer.ts';
import type { TestServer } from './helpers.ts';

// Issue #15: the licence endpoint was unreachable in the product; a malformed cookie gave HTTP 500.
let t: TestServer;
beforeAll(async () => {
  t = await startProductServer({ config: { visitorMode: true } });
}, 300_000);
afterAll(() => t.close());

describe('the one-origin server', () => {
  it('hands the licence endpoint to the origin: the ClearKey channel gets its licence, not 404', async () => {
    const guest = await t.post(contract.account.visitorLogin.path, { deviceId: 'device-hygiene-1' });
    const token = (guest.body.data as { tokens: { token: string } }).tokens.token;
    const play = await t.post(
      contract.live.channelPlaySource.path,
      { logicalChannelId: 'lc-037' },
      { authorization: `Bearer ${token}` },
    );
    const { licenseUrl } = contract.live.channelPlaySource.response.parse(play.body.data);
    expect(licenseUrl).toMatch(new RegExp(`^${DRM_LICENSE_PATH}\\?token=`));
    const res = await fetch(t.url + licenseUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kids: ['AAAAAAAAAAAAAAAAAAAAAA'], type: 'temporary' }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ keys: [], type: 'temporary' });
    const forged = await fetch(`${t.url}${DRM_LICENSE_PATH}?token=forged`, { method: 'POST', body: '{}' });
    expect(forged.status).toBe(403);
  });

  it('treats a malformed session cookie as no cookie, never a 500', async () => {
    for (const cookie of ['ottkit_session=%E0%A4%A', 'ottkit_session=%', 'ottkit_session', '=;;=%%']) {
      const res = await fetch(t.url + contract.account.userInfo.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: '{}',
      });
      expect(res.status, cookie).toBeLessThan(500);
      expect(((await res.json()) as { errCode: number }).errCode).not.toBe(0);
    }
    expect(t.errors).toEqual([]);
  });
});
