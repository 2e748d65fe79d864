import { contract, ErrCode } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

const path = contract.live.channelList.path;
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

describe('POST /liveapi/api/v5/channel/unencrypted/list', () => {
  it('answers the seeded line-up in the envelope, matching the contract', async () => {
    const { status, body, headers } = await t.post(path, {});
    expect(status).toBe(200);
    expect(body.errCode).toBe(0);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    const data = contract.live.channelList.response.parse(body.data);
    expect(data.channelListInfo.length).toBeGreaterThanOrEqual(6);
    expect(data.channelColumnInfo.length).toBeGreaterThanOrEqual(2);
    expect(data.channelListInfo.map((c) => c.channelSeq)).toEqual(
      [...data.channelListInfo.map((c) => c.channelSeq)].sort((a, b) => a - b),
    );
    const first = data.channelListInfo[0]!;
    expect(first.logicalChannelId).toBe('lc-001');
    expect(['ch1', 'ch2', 'ch3']).toContain(first.liveStreamId);
    expect(first.iconUrl).toBe('/media/logo/lc-001.png');
    const audio = data.channelListInfo.filter((c) => c.channelType === 5);
    expect(new Set(audio.map((c) => c.liveStreamId))).toEqual(new Set(['audio1']));
    const columnIds = new Set(data.channelColumnInfo.map((c) => c.columnId));
    for (const c of data.channelListInfo) for (const id of c.columnIds) expect(columnIds).toContain(id);
    expect(data.channelListLatestUpdateTimeTs).toBeGreaterThan(0);
  });

  it('accepts an empty body and an accountId', async () => {
    const res = await fetch(t.url + path, { method: 'POST' });
    expect((await res.json()).errCode).toBe(0);
    expect((await t.post(path, { accountId: '' })).body.errCode).toBe(0);
  });

  it('serves every drawn channel logo as a PNG, and its drawing as SVG (decision 0354)', async () => {
    const { body } = await t.post(path, {});
    const data = contract.live.channelList.response.parse(body.data);
    // All at once, as a guide scrolled in: drawn by a few ffmpeg runs, every answer a whole PNG of 160x90.
    const answers = await Promise.all(data.channelListInfo.map((c) => fetch(t.url + c.iconUrl)));
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const png = Buffer.from(await res.arrayBuffer());
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([160, 90]);
    }
    for (const c of data.channelListInfo.slice(0, 3)) {
      const res = await fetch(t.url + c.iconUrl.replace(/\.png$/, '.svg'));
      expect(res.headers.get('content-type')).toContain('image/svg+xml');
      expect(await res.text()).toContain(`>${c.channelSeq}<`);
    }
    expect((await fetch(`${t.url}/media/logo/lc-999.svg`)).status).toBe(404);
    expect((await fetch(`${t.url}/media/logo/lc-999.png`)).status).toBe(404);
  });

  it('keeps the seed on a second start over the same data folder', async () => {
    const before = t.server.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM channels')?.n;
    const { createServer } = await import('../src/app.ts');
    const again = createServer({
      config: { dataDir: t.dataDir, port: 0 },
      logger: { info() {}, error() {} },
    });
    expect(again.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM channels')?.n).toBe(before);
    await again.close();
  });

  it('rejects a field the call does not know with INVALID_REQUEST naming it', async () => {
    const { status, body } = await t.post(path, { accountId: 42 });
    expect(status).toBe(400);
    expect(body.errCode).toBe(ErrCode.INVALID_REQUEST);
    expect(body.errMsg).toMatch(/accountId/);
    const extra = await t.post(path, { colour: 'red' });
    expect(extra.body.errCode).toBe(ErrCode.INVALID_REQUEST);
    expect(extra.body.errMsg).toMatch(/colour/);
  });
});
