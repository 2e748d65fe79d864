// Test run: about 13 s (scripts/vitest-sequencer.ts starts it early)
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import { contract, ErrCode } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningCluster, startCluster } from '../src/cluster/cluster.ts';
import { liveUrl, vodUrl } from '../src/origin/urls.ts';
import { DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../src/seed/accounts.ts';
import { openPgDb } from '../src/store/pg/syncPg.ts';
import { ffmpeg, hlsOut, pattern } from './libraryHelpers.ts';
import { serveFolder } from './liveSource.ts';

// Issue 19: PostgreSQL, Redis, an nginx edge and 3 ottkit processes over one database and one data folder, started here (Debian packages
// installed when missing) on loopback ports the OS gives, and stopped at the end.
let c: RunningCluster;
let dir: string;
let secret: string;

/** True when 127.0.0.1:port can be bound now. */
const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = createNetServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

/**
 * A base port whose neighbours the cluster takes (+1…+3 for ottkit, +20 for Redis) are free too, below the OS's
 * ephemeral range (32768 and up), where outgoing connections would race the processes for a port.
 */
async function freeBase(): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 10_000);
    const free = await Promise.all([0, 1, 2, 3, 20, 21].map((d) => bindable(base + d)));
    if (free.every(Boolean)) return base;
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ottkit-cluster-'));
  c = await startCluster({
    dir,
    port: await freeBase(),
    env: { OTTKIT_MEDIA_PROFILE: 'tiny' },
    log: () => {},
    // Every viewer who misses a segment at the edge goes on to the shield at once, so the collapse test below
    // proves the shield's own lock (decision 0345), the one that holds when ottkit answers slowly.
    edge: { segmentLockWait: '1ms' },
  });
  secret = (JSON.parse(readFileSync(join(c.dataDir, 'secrets.json'), 'utf8')) as { secret: string }).secret;
}, 300_000);
afterAll(async () => {
  await c?.stop();
  await rm(dir, { recursive: true, force: true });
}, 60_000);

const get = (url: string) =>
  fetch(url).then(async (r) => ({ status: r.status, body: Buffer.from(await r.arrayBuffer()) }));
const post = (base: string, path: string, body: unknown) =>
  fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<{ errCode: number; data?: unknown }>);

/** The same path from every process at once; again when the three straddled a segment boundary. */
async function fromAll(path: string): Promise<Buffer[]> {
  for (let i = 0; ; i++) {
    const bodies = await Promise.all(c.processUrls.map((u) => get(u + path)));
    for (const b of bodies) expect(b.status).toBe(200);
    const texts = bodies.map((b) => b.body);
    if (texts.every((t) => t.equals(texts[0] as Buffer)) || i === 4) return texts;
  }
}

/** Requests that reached an ottkit process through the edge, per path (nginx flushes its log each second). */
async function upstreamHits(pathPart: string): Promise<number> {
  await new Promise((r) => setTimeout(r, 1500));
  return readFileSync(c.edgeLog, 'utf8')
    .split('\n')
    .filter((l) => l.includes(pathPart) && l.split(' ')[2] !== '-').length;
}

describe('same bytes from every process', () => {
  it('answers the same live playlist, segment, init and AES-encrypted segment from all three', async () => {
    const url = liveUrl(secret, { accountId: 'same-bytes', liveStreamId: 'ch1-aes', ttlSec: 600 });
    const token = url.split('token=')[1];
    const [master] = await fromAll(url);
    const rendition = /^(\w+)\/index\.m3u8/m.exec(master!.toString())?.[1];
    expect(rendition).toBeTruthy();
    const playlists = await fromAll(`/media/live/ch1-aes/${rendition}/index.m3u8?token=${token}`);
    const text = playlists[0]!.toString();
    // Media sequence, PROGRAM-DATE-TIME and segment URIs: the whole text is the same.
    expect(text).toMatch(/#EXT-X-MEDIA-SEQUENCE:\d+/);
    expect(text).toMatch(/#EXT-X-PROGRAM-DATE-TIME:/);
    for (const p of playlists) expect(p.toString()).toBe(text);
    const segment = /^(\d+)\.m4s/m.exec(text)?.[1];
    // Encrypted with one key, the same in every process (first use of the key in all three at once).
    const segs = await fromAll(`/media/live/ch1-aes/${rendition}/${segment}.m4s?token=${token}`);
    for (const s of segs) expect(s.equals(segs[0]!)).toBe(true);
    const keys = await fromAll(`/media/live/ch1-aes/aes.key?token=${token}`);
    for (const k of keys) expect(k.equals(keys[0]!)).toBe(true);
    const inits = await fromAll(`/media/live/ch1-aes/${rendition}/init.mp4?token=${token}`);
    for (const i of inits) expect(i.equals(inits[0]!)).toBe(true);
  });

  it('answers the same guide checksums from all three', async () => {
    const answers = await Promise.all(
      c.processUrls.map((u) => post(u, contract.live.epgChecksumQuery.path, {})),
    );
    const lists = answers.map((a) => JSON.stringify((a.data as { checksumList: unknown[] }).checksumList));
    expect((answers[0]!.data as { checksumList: unknown[] }).checksumList.length).toBeGreaterThan(0);
    for (const l of lists) expect(l).toBe(lists[0]);
  });
});

describe('sessions and limits shared by the processes', () => {
  it('accepts on B a login made on A, and a reused refresh token on C ends the session everywhere', async () => {
    const [a, b, cc] = c.processUrls as [string, string, string];
    const login = await post(a, contract.account.login.path, {
      loginInfo: { email: DEMO_SUBSCRIBED.email, password: DEMO_PASSWORD },
    });
    expect(login.errCode).toBe(0);
    const { token, refreshToken } = (login.data as { tokens: { token: string; refreshToken: string } })
      .tokens;
    const userInfo = (on: string, bearer: string) =>
      fetch(on + contract.account.userInfo.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
        body: '{}',
      }).then((r) => r.json() as Promise<{ errCode: number }>);
    expect((await userInfo(b, token)).errCode).toBe(0);
    const refreshed = await post(b, contract.account.refreshToken.path, { refreshToken });
    expect(refreshed.errCode).toBe(0);
    const renewed = (refreshed.data as { tokens: { token: string } }).tokens.token;
    // A and B keep the session once they have read it.
    expect((await userInfo(a, renewed)).errCode).toBe(0);
    expect((await userInfo(b, renewed)).errCode).toBe(0);
    const reused = await post(cc, contract.account.refreshToken.path, { refreshToken });
    expect(reused.errCode).toBe(ErrCode.SESSION_INVALID);
    // Ended everywhere at the next request: C's write moved the sessions' version, which A and B ask at each request
    // (decision 0417; being told of it instead was measured and left, decision 0448).
    expect((await userInfo(a, renewed)).errCode).toBe(ErrCode.SESSION_INVALID);
    expect((await userInfo(b, renewed)).errCode).toBe(ErrCode.SESSION_INVALID);
  });

  it('burns a verification code after 5 wrong tries spread over A, B and C (not 15)', async () => {
    const email = `spread-${Date.now()}@example.com`;
    const urls = c.processUrls;
    const sent = await post(urls[0]!, contract.account.verification.path, { email, purpose: 'register' });
    expect(sent.errCode).toBe(0);
    const { authenticationKey } = sent.data as { authenticationKey: string };
    // The cluster's one PostgreSQL database (decision 0275), read as the processes see it.
    const db = openPgDb(c.databaseUrl, join(c.dataDir, 'ottkit.db'), false);
    const row = db.get<{ body: string }>(
      'SELECT body FROM outbox WHERE recipient = ? ORDER BY seq DESC LIMIT 1',
      email,
    ) as { body: string };
    db.close();
    const code = /\b(\d{4})\b/.exec(row.body)?.[1] as string;
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    const register = (base: string, verificationCode: string) =>
      post(base, contract.account.register.path, {
        registerInfo: { email, password: 'secret123', verificationCode },
        authenticationKey,
      });
    for (let i = 0; i < 5; i++) {
      expect((await register(urls[i % 3]!, wrong)).errCode).toBe(ErrCode.WRONG_VERIFICATION_CODE);
    }
    expect((await register(urls[2]!, code)).errCode).toBe(ErrCode.WRONG_VERIFICATION_CODE);
  });
});

describe('the nginx edge', () => {
  it('passes its request id on: the process answers it back (and logs it), and says it is ready', async () => {
    const a = await fetch(`${c.edgeUrl}/readyz`, { headers: { 'x-request-id': 'forged-by-a-client' } });
    expect(a.status).toBe(200);
    expect(await a.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', redis: 'ok' } });
    // nginx's $request_id (32 hex digits) replaces whatever the client sent.
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses a tampered, expired or foreign token itself: no request reaches ottkit', async () => {
    const good = liveUrl(secret, { accountId: 'edge', liveStreamId: 'ch2', ttlSec: 600 });
    const expired = liveUrl(secret, { accountId: 'edge', liveStreamId: 'ch2', ttlSec: -5 });
    const other = liveUrl(secret, { accountId: 'edge', liveStreamId: 'ch3', ttlSec: 600 }).replace(
      'ch3',
      'ch2',
    );
    const tampered = `${good.slice(0, -3)}${good.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    for (const bad of [expired, other, tampered, '/media/live/ch2/master.m3u8']) {
      expect((await get(c.edgeUrl + bad)).status).toBe(403);
    }
    expect(await upstreamHits('/media/live/ch2/')).toBe(0);
    expect((await get(c.edgeUrl + good)).status).toBe(200);
    expect(await upstreamHits('/media/live/ch2/')).toBe(1);
  });

  it('gives every viewer the shared playlist with their own token in it', async () => {
    const one = liveUrl(secret, { accountId: 'viewer-1', liveStreamId: 'ch3', ttlSec: 600 });
    const two = liveUrl(secret, { accountId: 'viewer-2', liveStreamId: 'ch3', ttlSec: 600 });
    const [a, b] = await Promise.all([get(c.edgeUrl + one), get(c.edgeUrl + two)]);
    expect(a.body.toString()).toContain(`?token=${one.split('token=')[1]}`);
    expect(b.body.toString()).toContain(`?token=${two.split('token=')[1]}`);
    expect(a.body.toString()).not.toContain('OTTKIT_EDGE_TOKEN');
  });

  /**
   * An HLS film made by ffmpeg with `out` in a folder served on loopback, named by a title (`assetId`) as a feed
   * library's import names it; `check` hears the folder and the paths the upstream was asked for.
   */
  async function feedFilm(
    assetId: string,
    out: (dir: string) => string[],
    check: (films: string, upstream: string[]) => Promise<void>,
  ) {
    const films = await mkdtemp(join(tmpdir(), 'ottkit-cdn-'));
    ffmpeg([...pattern(4), ...out(films)]);
    const cdn = await serveFolder(films, 0);
    const upstream: string[] = [];
    cdn.on('request', (req) => upstream.push(req.url ?? ''));
    try {
      const db = openPgDb(c.databaseUrl, join(c.dataDir, 'ottkit.db'), false);
      const address = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/index.m3u8`;
      db.run('INSERT INTO remote_videos (asset_id, url, created_at) VALUES (?, ?, 0)', assetId, address);
      db.close();
      await check(films, upstream);
    } finally {
      cdn.close();
      await rm(films, { recursive: true, force: true });
    }
  }
  /** The first media segment's address in a viewer's playlist, as their player reads it. */
  const firstSegment = (body: Buffer, playlist: string) =>
    new URL(
      body
        .toString()
        .split('\n')
        .find((l) => l.includes('.ts?token=')) ?? '-',
      playlist,
    ).href;

  it('passes a feed’s title through with each viewer’s token, and caches its segments (decision 0435)', async () => {
    await feedFilm(
      'feed-edge-1',
      (dir) => hlsOut(dir, 'index.m3u8'),
      async (films, upstream) => {
        const one = vodUrl(secret, { accountId: 'viewer-1', assetId: 'feed-edge-1', ttlSec: 600 });
        const two = vodUrl(secret, { accountId: 'viewer-2', assetId: 'feed-edge-1', ttlSec: 600 });
        const [a, b] = await Promise.all([get(c.edgeUrl + one), get(c.edgeUrl + two)]);
        expect(a.status).toBe(200);
        // The shared playlist, each viewer's token in it, no upstream address.
        expect(a.body.toString()).toContain(`?token=${one.split('token=')[1]}`);
        expect(b.body.toString()).toContain(`?token=${two.split('token=')[1]}`);
        expect(a.body.toString()).not.toContain('127.0.0.1');
        const seg = firstSegment(a.body, c.edgeUrl + one);
        const viewers = await Promise.all([get(seg), get(firstSegment(b.body, c.edgeUrl + two))]);
        for (const v of viewers) expect(v.status).toBe(200);
        expect(viewers[0]?.body.equals(readFileSync(join(films, 'seg0.ts')))).toBe(true);
        expect((await get(seg)).status).toBe(200);
        // Three viewers' reads, one fetch from the upstream: the edge keeps the segment as it keeps the origin's own.
        expect(upstream.filter((u) => u === '/seg0.ts')).toHaveLength(1);
      },
    );
  });

  it('answers the byte ranges of a feed’s single-file HLS from one fetch of the file (decision 0436)', async () => {
    await feedFilm(
      'feed-edge-ranges',
      (dir) => [
        ...['-f', 'hls', '-hls_time', '1', '-hls_playlist_type', 'vod', '-hls_flags', 'single_file'],
        join(dir, 'index.m3u8'),
      ],
      async (films, upstream) => {
        const url =
          c.edgeUrl + vodUrl(secret, { accountId: 'viewer-3', assetId: 'feed-edge-ranges', ttlSec: 600 });
        const master = await get(url);
        expect(master.status).toBe(200);
        const text = master.body.toString();
        // Every part of the film is a range of the one file, under one of the asset's names.
        const ranges = [...text.matchAll(/^#EXT-X-BYTERANGE:(\d+)@(\d+)$/gm)].map((m) => [
          Number(m[1]),
          Number(m[2]),
        ]);
        expect(ranges.length).toBeGreaterThan(1);
        const file = readFileSync(join(films, 'index.ts'));
        const seg = firstSegment(master.body, url);
        for (const [length, offset] of ranges.slice(0, 3) as [number, number][]) {
          const r = await fetch(seg, { headers: { range: `bytes=${offset}-${offset + length - 1}` } });
          expect(r.status).toBe(206);
          expect(r.headers.get('content-range')).toBe(
            `bytes ${offset}-${offset + length - 1}/${file.length}`,
          );
          expect(Buffer.from(await r.arrayBuffer()).equals(file.subarray(offset, offset + length))).toBe(
            true,
          );
        }
        // The edge fetched the whole file once and cut each range from its cache.
        expect(upstream.filter((u) => u === '/index.ts')).toHaveLength(1);
      },
    );
  });

  it('collapses 100 simultaneous misses for one new segment into one request to ottkit', async () => {
    const url = liveUrl(secret, { accountId: 'crowd', liveStreamId: 'ch1', ttlSec: 600 });
    const token = url.split('token=')[1];
    const master = (await get(c.edgeUrl + url)).body.toString();
    const rendition = /^(\w+)\/index\.m3u8/m.exec(master)?.[1];
    const playlist = (await get(`${c.edgeUrl}/media/live/ch1/${rendition}/index.m3u8?token=${token}`)).body;
    const newest = [...playlist.toString().matchAll(/^(\d+)\.m4s/gm)].at(-1)?.[1];
    const path = `/media/live/ch1/${rendition}/${newest}.m4s`;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => get(`${c.edgeUrl}${path}?token=${token}`)),
    );
    for (const a of answers) expect(a.status).toBe(200);
    expect(await upstreamHits(path)).toBe(1);
  });

  it('holds viewers’ blocking reloads for a part not made yet and sends one of them on to ottkit (LL-HLS)', async () => {
    const one = liveUrl(secret, { accountId: 'll-1', liveStreamId: 'ch2', ttlSec: 600 });
    const two = liveUrl(secret, { accountId: 'll-2', liveStreamId: 'ch2', ttlSec: 600 });
    const tokens = [one.split('token=')[1], two.split('token=')[1]];
    const master = (await get(c.edgeUrl + one)).body.toString();
    const rendition = /^(\w+)\/index\.m3u8/m.exec(master)?.[1];
    const path = `/media/live/ch2/${rendition}/index.m3u8`;
    const playlist = (await get(`${c.edgeUrl}${path}?token=${tokens[0]}`)).body.toString();
    const [, n, k] = /PRELOAD-HINT:TYPE=PART,URI="(\d+)\.(\d+)\.m4s/.exec(playlist) ?? [];
    // The part after the hinted one: nobody has it yet, so every request waits for it.
    const q = `_HLS_msn=${n}&_HLS_part=${Number(k) + 1}`;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => get(`${c.edgeUrl}${path}?token=${tokens[i % 2]}&${q}`)),
    );
    const asked = Number(k) + 1 < 5 ? `${n}.${Number(k) + 1}` : `${Number(n) + 1}.0`;
    answers.forEach((a, i) => {
      expect(a.status).toBe(200);
      expect(a.body.toString()).toContain(`URI="${asked}.m4s?token=${tokens[i % 2]}"`);
    });
    expect(await upstreamHits(`${path}?${q}`)).toBe(1);
  });

  it('keeps answering through the edge when a process is killed (-9), and the cluster starts it again', async () => {
    const url = liveUrl(secret, { accountId: 'kill', liveStreamId: 'ch2', ttlSec: 600 });
    const pid = c.pid(1) as number;
    // The edge keeps connections open to every process (as under load): warm them, then kill one.
    await Promise.all(
      Array.from({ length: 30 }, () => post(c.edgeUrl, contract.live.epgChecksumQuery.path, {})),
    );
    process.kill(pid, 'SIGKILL');
    // Media reads are retried on the next process at once, and so are the API calls that only read (the
    // contract's readOnly, decision 0318), POSTs though they are: some go out on the dead process's kept
    // connections first.
    const [media, reads] = await Promise.all([
      Promise.all(Array.from({ length: 30 }, (_, i) => get(`${c.edgeUrl}${url}&n=${i}`))),
      Promise.all(Array.from({ length: 30 }, () => post(c.edgeUrl, contract.live.epgChecksumQuery.path, {}))),
    ]);
    for (const m of media) expect(m.status).toBe(200);
    for (const a of reads) expect(a.errCode).toBe(0);
    // A call that writes caught on the dead process's connection may fail (never sent twice); 2 s on, none does.
    await new Promise((r) => setTimeout(r, 2000));
    const api = await Promise.all(
      Array.from({ length: 30 }, () => post(c.edgeUrl, contract.live.epgChecksumQuery.path, {})),
    );
    for (const a of api) expect(a.errCode).toBe(0);
    await c.waitFor(1);
    expect(c.pid(1)).not.toBe(pid);
  });
});
