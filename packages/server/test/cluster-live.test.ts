// Test run: about 45 s (scripts/vitest-sequencer.ts starts it early)
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contract } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningCluster, startCluster } from '../src/cluster/cluster.ts';
import { DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../src/seed/accounts.ts';
import { serveFolder, startTestSource, type TestSource, until } from './liveSource.ts';

// Issue 19 beyond the database: one ffmpeg per live channel over 3 processes (decision 0305), and a logged-out
// session's media refused by the nginx edge itself (decision 0306). A cluster of its own on loopback ports.
let c: RunningCluster;
let dir: string;
let source: TestSource | undefined;
let http: Server | undefined;

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = createNetServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

/** A base port with its neighbours free (+1…+3 ottkit, +20 Redis, +30 the test source), below the ephemeral range. */
async function freeBase(): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 10_000);
    const free = await Promise.all([0, 1, 2, 3, 20, 30].map((d) => bindable(base + d)));
    if (free.every(Boolean)) return base;
  }
}

let base = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ottkit-cluster-live-'));
  base = await freeBase();
  c = await startCluster({ dir, port: base, env: { OTTKIT_MEDIA_PROFILE: 'tiny' }, log: () => {} });
}, 300_000);
afterAll(async () => {
  await c?.stop();
  await source?.stop();
  http?.close();
  await rm(dir, { recursive: true, force: true });
}, 60_000);

const post = (path: string, body: unknown, token?: string) =>
  fetch(c.edgeUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<{ errCode: number; data?: unknown }>);

async function login(): Promise<string> {
  const r = await post(contract.account.login.path, {
    loginInfo: { email: DEMO_SUBSCRIBED.email, password: DEMO_PASSWORD },
  });
  expect(r.errCode).toBe(0);
  return (r.data as { tokens: { token: string } }).tokens.token;
}

/** The channel's live URL handed to this session through the edge, as a player gets it. */
async function playUrl(token: string, logicalChannelId: string): Promise<string> {
  const r = await post(contract.live.channelPlaySource.path, { logicalChannelId }, token);
  expect(r.errCode).toBe(0);
  return (r.data as { url: string }).url;
}

/** The first variant playlist's path under a master URL (relative to any of the servers). */
async function variantOf(base: string, master: string): Promise<{ path: string; token: string }> {
  const text = await (await fetch(base + master)).text();
  const rendition = /^(\w+)\/index\.m3u8/m.exec(text)?.[1];
  const token = new URL(master, base).searchParams.get('token') ?? '';
  const path = new URL(master, base).pathname.replace(/master\.m3u8$/, `${rendition}/index.m3u8`);
  return { path: `${path}?token=${token}`, token };
}

/** The newest segment number a playlist lists, and its media sequence. */
async function newest(url: string): Promise<{ status: number; seq: number; last: number; text: string }> {
  const r = await fetch(url);
  const text = await r.text();
  const seq = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? -1);
  const last = Number([...text.matchAll(/^(\d+)\.m4s/gm)].at(-1)?.[1] ?? -1);
  return { status: r.status, seq, last, text };
}

/** Lines of the edge log written since `from` that reached an ottkit process, for paths containing `part`. */
async function upstreamSince(from: number, part: string): Promise<number> {
  await new Promise((r) => setTimeout(r, 1500));
  return readFileSync(c.edgeLog, 'utf8')
    .slice(from)
    .split('\n')
    .filter((l) => l.includes(part) && l.split(' ')[2] !== '-').length;
}

const edgeLogSize = async () => {
  await new Promise((r) => setTimeout(r, 1500));
  return readFileSync(c.edgeLog, 'utf8').length;
};

describe('session revocation at the edge (decision 0306)', () => {
  it('refuses a logged-out session’s cached segment and playlist at the edge, none of them reaching ottkit', async () => {
    const token = await login();
    const master = await playUrl(token, 'lc-001');
    const { path } = await variantOf(c.edgeUrl, master);
    const playlist = await newest(c.edgeUrl + path);
    expect(playlist.status).toBe(200);
    const segment = `${path.replace(/index\.m3u8\?.*$/, `${playlist.last}.m4s`)}?${path.split('?')[1]}`;
    // Cached at the edge now: before the change, a logged-out URL was served from here until it expired.
    expect((await fetch(c.edgeUrl + segment)).status).toBe(200);
    expect((await fetch(c.edgeUrl + segment)).headers.get('x-cache')).toBe('HIT');
    expect((await post(contract.account.logout.path, {}, token)).errCode).toBe(0);
    const loggedOut = Date.now();
    let status = 200;
    for (let i = 0; i < 100 && status === 200; i++) {
      status = (await fetch(c.edgeUrl + segment)).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(403);
    console.log(`edge: logged-out segment refused ${Date.now() - loggedOut} ms after logout`);
    const from = await edgeLogSize();
    for (let i = 0; i < 20; i++) {
      expect((await fetch(c.edgeUrl + segment)).status).toBe(403);
      expect((await fetch(c.edgeUrl + path)).status).toBe(403);
    }
    expect(await upstreamSince(from, '/media/live/')).toBe(0);
    // Another session's URL for the same media still plays, from the cache.
    const other = await variantOf(c.edgeUrl, await playUrl(await login(), 'lc-001'));
    expect((await fetch(c.edgeUrl + other.path)).status).toBe(200);
  }, 60_000);

  it('fetches the list from ottkit at most once a second however many requests read it (decision 0345)', async () => {
    const { path } = await variantOf(c.edgeUrl, await playUrl(await login(), 'lc-001'));
    const from = await edgeLogSize();
    const started = Date.now();
    let requests = 0;
    while (Date.now() - started < 3500) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => fetch(c.edgeUrl + path).then((r) => r.status)),
      );
      expect(answers.every((s) => s === 200)).toBe(true);
      requests += answers.length;
    }
    const seconds = (Date.now() - started) / 1000;
    const renewals = await upstreamSince(from, '/_ottkit/revoked-renew');
    expect(requests).toBeGreaterThan(100);
    // Renewed while in use, never once per request (every request waited for ottkit in turn before).
    expect(renewals).toBeGreaterThan(0);
    expect(renewals).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
  }, 60_000);

  it('does not give the list of ended sessions to anyone but the edge', async () => {
    for (const u of [c.edgeUrl, ...c.processUrls]) {
      expect((await fetch(`${u}/media/edge/revoked`)).status).toBe(404);
    }
    expect((await fetch(`${c.edgeUrl}/_ottkit/revoked`)).status).toBe(404);
    expect((await fetch(`${c.edgeUrl}/_ottkit/revoked-renew`)).status).toBe(404);
  });
});

describe('one packager per live channel over 3 processes (decision 0305)', () => {
  const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
  const live = (...args: string[]) =>
    // The CLI changes the store the processes share: the cluster's PostgreSQL (decision 0275).
    execFileSync(process.execPath, [cli, 'live', ...args, '--data', c.dataDir], {
      encoding: 'utf8',
      // Its database itself, as the cluster's processes open it: not a test schema or clone (decision 0275).
      env: { ...process.env, OTTKIT_DATABASE_URL: c.databaseUrl, OTTKIT_DATABASE_PER_FILE: '' },
    });
  /** `live status --json` as an operator runs it beside the cluster (its Redis in the environment, decision 0317). */
  const status = (channel: string) =>
    (
      JSON.parse(
        execFileSync(process.execPath, [cli, 'live', 'status', '--json', '--data', c.dataDir], {
          encoding: 'utf8',
          env: {
            ...process.env,
            OTTKIT_DATABASE_URL: c.databaseUrl,
            OTTKIT_DATABASE_PER_FILE: '',
            OTTKIT_REDIS_URL: c.redisUrl,
          },
        }),
      ) as {
        channels: {
          logicalChannelId: string;
          running: boolean;
          packager?: { owner: string; since: number };
        }[];
      }
    ).channels.find((x) => x.logicalChannelId === channel);
  /** The ottkit pid of every ffmpeg packaging the channel: it runs in its work folder `live/work/<pid>/<channel>/`. */
  const packagers = (channel: string): number[] => {
    const out: number[] = [];
    for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
      try {
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        const m = new RegExp(`${c.dataDir}/live/work/(\\d+)/${channel}/`).exec(
          `${readlinkSync(`/proc/${pid}/cwd`)}/`,
        );
        if (cmd.startsWith('ffmpeg') && m) out.push(Number(m[1]));
      } catch {
        // Gone meanwhile.
      }
    }
    return out;
  };

  it('runs exactly one ffmpeg for a recorded channel, serves it from every process, and moves it on kill -9', async () => {
    const upstream = join(dir, 'upstream');
    mkdirSync(upstream);
    source = startTestSource({ target: upstream, format: 'hls', audio: 'aac' });
    http = await serveFolder(upstream, base + 30);
    live('add', 'lc-002', `hls+http://127.0.0.1:${base + 30}/index.m3u8`);
    live('mode', 'lc-002', 'record', '--retention-days', '1');
    // The processes read the store every 5 s; one of them takes the lock.
    const [holder] = await until(
      'an ffmpeg packaging lc-002',
      () => {
        const p = packagers('lc-002');
        return p.length > 0 && p;
      },
      60_000,
    );
    const token = await login();
    const { path } = await variantOf(c.edgeUrl, await playUrl(token, 'lc-002'));
    let first = await newest(c.edgeUrl + path);
    for (let i = 0; i < 150 && first.last < 0; i++) {
      await new Promise((r) => setTimeout(r, 200));
      first = await newest(c.edgeUrl + path);
    }
    expect(first.last).toBeGreaterThanOrEqual(0);
    // Three processes, one ffmpeg, for several seconds; each process serves the channel's playlist itself.
    for (let i = 0; i < 6; i++) {
      expect(packagers('lc-002')).toEqual([holder]);
      await new Promise((r) => setTimeout(r, 1000));
    }
    // live status names the holder whichever process wrote its status last (each writes its own every 2 s).
    const shown = status('lc-002');
    expect(shown?.packager?.owner).toMatch(new RegExp(`:${holder}:`));
    expect(shown?.running).toBe(true);
    for (let i = 0; i < 3; i++) {
      await new Promise((r) => setTimeout(r, 700));
      expect(status('lc-002')?.packager).toEqual(shown?.packager);
    }
    const direct = await Promise.all(c.processUrls.map((u) => newest(u + path)));
    for (const d of direct) {
      expect(d.status).toBe(200);
      expect(d.last).toBeGreaterThan(first.last);
    }
    // LL-HLS (decision 0442): every process lists the packager's parts and serves the same bytes for one.
    const part = /EXT-X-PART:DURATION=[\d.]+,URI="(\d+\.\d+\.m4s)/.exec(direct[0]?.text ?? '')?.[1];
    expect(part).toBeTruthy();
    for (const d of direct) expect(d.text).toContain('#EXT-X-PART-INF:PART-TARGET=');
    const partUrl = (u: string) => `${u}${path.replace(/index\.m3u8\?/, `${part}?`)}`;
    const bytes = await Promise.all(
      c.processUrls.map(async (u) => Buffer.from(await (await fetch(partUrl(u))).arrayBuffer())),
    );
    for (const b of bytes) expect(b.length > 0 && b.equals(bytes[0] as Buffer)).toBe(true);
    // The holder dies with -9 (its ffmpeg with it); another process takes the lock and packages on.
    const index = [0, 1, 2].find((i) => c.pid(i) === holder) as number;
    expect(index).toBeGreaterThanOrEqual(0);
    const before = await newest(c.edgeUrl + path);
    const killedAt = Date.now();
    process.kill(holder as number, 'SIGKILL');
    const [next] = await until(
      'another process packaging lc-002',
      () => {
        const p = packagers('lc-002');
        return p.length === 1 && p[0] !== holder && p;
      },
      60_000,
    );
    console.log(
      `live: lc-002 packaged by pid ${next} ${Date.now() - killedAt} ms after pid ${holder} was killed`,
    );
    expect(next).not.toBe(holder);
    let after = await newest(c.edgeUrl + path);
    for (let i = 0; i < 150 && !(after.last > before.last + 1); i++) {
      await new Promise((r) => setTimeout(r, 200));
      after = await newest(c.edgeUrl + path);
    }
    // The numbering goes on from where the dead packager stopped (no reset, no repeat).
    expect(after.last).toBeGreaterThan(before.last + 1);
    const listed = [...after.text.matchAll(/^(\d+)\.m4s/gm)].map((m) => Number(m[1]));
    expect(listed).toEqual(listed.map((_, i) => (listed[0] as number) + i));
    for (let i = 0; i < 4; i++) {
      expect(packagers('lc-002')).toEqual([next]);
      await new Promise((r) => setTimeout(r, 1000));
    }
    const moved = status('lc-002')?.packager;
    expect(moved?.owner).toMatch(new RegExp(`:${next}:`));
    expect(moved?.since).toBeGreaterThanOrEqual(killedAt);
    await c.waitFor(index);
  }, 240_000);
});
