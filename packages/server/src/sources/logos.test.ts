import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleImportedLogo } from '../http/importedLogo.ts';
import { runFfmpeg } from '../media/ffmpeg.ts';
import { seedLineup } from '../seed/lineup.ts';
import { listChannels } from '../store/channels.ts';
import { openDb } from '../store/db.ts';
import { migrate } from '../store/migrations.ts';
import { insertSource } from '../store/sources.ts';
import { startServer, type TestServer } from './fixtures.test-helpers.ts';
import { refreshSource } from './importer.ts';
import { LOGO_DIR } from './logos.ts';

let upstream: TestServer;
let png: Buffer;
const dirs: string[] = [];

beforeAll(async () => {
  dirs.push(mkdtempSync(join(tmpdir(), 'logo-src-')));
  const file = join(dirs[0] as string, 'big.png');
  await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=red:s=640x360', '-frames:v', '1', file]);
  png = readFileSync(file);
  upstream = await startServer((req, res) => {
    if (req.url === '/logo.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not a logo</html>');
  });
});
afterAll(async () => {
  await upstream.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const size = (b: Buffer) => ({ width: b.readUInt32BE(16), height: b.readUInt32BE(20) });

describe('logos', () => {
  it('fetches each logo once, resized, serves it from ottkit, and keeps the drawn logo when it fails', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'logo-data-'));
    dirs.push(dataDir);
    const db = openDb(':memory:');
    migrate(db);
    seedLineup(db);
    const m3u = join(dataDir, 'l.m3u');
    writeFileSync(
      m3u,
      [
        '#EXTM3U',
        `#EXTINF:-1 tvg-logo="${upstream.url}/logo.png",With Logo`,
        'http://s.test/1.m3u8',
        `#EXTINF:-1 tvg-logo="${upstream.url}/page.html",Bad Logo`,
        'http://s.test/2.m3u8',
      ].join('\n'),
    );
    const source = await insertSource(
      db,
      {
        name: 'l',
        kind: 'm3u',
        location: m3u,
        xtreamUser: '',
        xtreamPassword: '',
        guideLocation: '',
        refreshMinutes: 60,
        productId: 'free',
      },
      0,
    );
    const counts = await refreshSource(db, source, { dataDir });
    expect(counts.skipped).toEqual({ 'logo not fetched (the drawn logo stays)': 1 });
    const [withLogo, bad] = listChannels(db).filter((c) => c.logicalChannelId.startsWith('s1-'));
    expect(withLogo?.iconUrl).toMatch(/^\/media\/logo\/imported\/[a-f0-9]{24}\.png$/);
    expect(bad?.iconUrl).toBe('/media/logo/s1-2.png');
    const file = /([a-f0-9]{24})/.exec(withLogo?.iconUrl ?? '')?.[1] as string;
    expect(size(readFileSync(join(dataDir, LOGO_DIR, `${file}.png`)))).toEqual({ width: 320, height: 180 });

    const logoRequests = () => upstream.requests.filter((r) => r.url === '/logo.png').length;
    const before = logoRequests();
    await refreshSource(db, source, { dataDir });
    expect(logoRequests()).toBe(before);

    const server = createServer((req, res) => {
      if (!handleImportedLogo(dataDir, req.url ?? '', req.method ?? 'GET', res)) res.writeHead(418).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const served = await fetch(`${base}${withLogo?.iconUrl}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(size(Buffer.from(await served.arrayBuffer()))).toEqual({ width: 320, height: 180 });
    expect((await fetch(`${base}/media/logo/imported/${'0'.repeat(24)}.png`)).status).toBe(404);
    expect((await fetch(`${base}/media/logo/imported/../../ottkit.db`)).status).toBe(418);
    server.close();
  });
});
