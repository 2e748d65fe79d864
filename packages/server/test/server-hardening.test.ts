import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { contract } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../src/seed/accounts.ts';
import { postgresUrl } from '../src/store/db.ts';
import { bearer, loginAs, type TestServer } from './helpers.ts';
import { siteBuilt, startSiteServer } from './productServer.ts';

// Issue #21.10: TRACE gave 500, the database was world-readable, a deleted segment gave 500.
let t: TestServer;
beforeAll(async () => {
  t = await startSiteServer({ privateMedia: true });
}, 300_000);
afterAll(() => t.close());

/** Any method, as sent (fetch refuses TRACE). */
function send(method: string, url: string) {
  return new Promise<{ status: number; allow?: string }>((resolve, reject) => {
    const req = request(url, { method }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.skipIf(!siteBuilt)('the product server (API, origin and built site on one port)', () => {
  it('answers TRACE, PUT, DELETE, PATCH on pages, media and the API with 405 and Allow, never 500', async () => {
    for (const path of ['/home', '/liveTv', '/', '/media/logo/lc-001.svg', contract.account.login.path]) {
      for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH']) {
        const res = await send(method, t.url + path);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.allow).toBe('GET, HEAD, POST, OPTIONS');
      }
      for (const method of ['OPTIONS', 'HEAD']) {
        expect((await send(method, t.url + path)).status, `${method} ${path}`).toBeLessThan(500);
      }
    }
    expect(t.errors).toEqual([]);
  });

  // The SQLite file's modes; on PostgreSQL (decision 0275) the database is the server's, not a file here.
  it.skipIf(postgresUrl())('keeps the data folder 0700 and the database files 0600', () => {
    expect(statSync(t.dataDir).mode & 0o777).toBe(0o700);
    expect(existsSync(join(t.dataDir, 'ottkit.db'))).toBe(true);
    for (const f of ['ottkit.db', 'ottkit.db-wal', 'ottkit.db-shm']) {
      const file = join(t.dataDir, f);
      if (existsSync(file)) expect(statSync(file).mode & 0o777, f).toBe(0o600);
    }
  });

  it('answers 404 for a segment whose file was deleted, and logs which file', async () => {
    const user = await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD);
    const play = await t.post(
      contract.live.channelPlaySource.path,
      // An AES-128 channel: its playlist is the standard one, which reads no media file (a clear channel's LL-HLS
      // playlist reads its newest segments' files to cut them into parts, so they would be in memory already).
      { logicalChannelId: 'lc-020' },
      bearer(user.token),
    );
    const master = new URL(contract.live.channelPlaySource.response.parse(play.body.data).url, t.url);
    const variant = (await (await fetch(master)).text())
      .split('\n')
      // A variant's URI line (the #EXT-X-MEDIA lines of audio and subtitles name index.m3u8 too).
      .find((l) => !l.startsWith('#') && l.includes('index.m3u8'));
    const variantUrl = new URL(variant ?? '', master);
    const segment = (await (await fetch(variantUrl)).text())
      .split('\n')
      .findLast((l) => !l.startsWith('#') && l.includes('.m4s'));
    const segmentUrl = new URL(segment ?? '', variantUrl);
    // /media/live/<source>-aes/<rendition>/<n>.m4s: remove that rendition's segment files before anyone asks.
    const [, , , source, rendition] = segmentUrl.pathname.split('/');
    const folder = join(t.dataDir, 'media', source?.replace(/-aes$/, '') ?? '', rendition ?? '');
    for (const f of readdirSync(folder)) if (f.endsWith('.m4s')) rmSync(join(folder, f));
    const res = await fetch(segmentUrl);
    expect(res.status).toBe(404);
    expect(String(t.errors.at(-1))).toMatch(new RegExp(`media file missing for .*: ${folder}/\\d+\\.m4s`));
  });
});
