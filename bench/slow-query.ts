/**
 * A query that waits does not stall the process (issue 39, decision 0407; run by hand, never by the tests):
 *
 *   node_modules/.bin/node bench/slow-query.ts [--seconds 15] [--port 6160]
 *
 * One ottkit process (`serve` with the built site, seeded sample data, tiny media) on PostgreSQL (Debian's,
 * started here on a temporary folder). Two phases of --seconds each: quiet, then with another connection holding
 * the viewers' history rows 500 ms at a time (as a slow query would) while four play-progress reports at a time
 * wait on them. Throughout both, one request at a time alternates between the signed-in viewer's `/home` and a
 * live segment of ch1 handed to the viewer's session (so the origin checks that session); their p50 and p99 are
 * printed per phase, with how many reports landed. The issue's goal: p99 < 20 ms while the 500 ms waits go on.
 * Only the calls already moved to the asynchronous store wait without stalling the process.
 *
 * A third phase (decision 0445; skipped with --guide-channels 0): an editor imports a large line-up through the
 * console (`sources/import`, a job), read over HTTP from this bench (the server allows loopback upstreams for it):
 * the same probe runs until the job ends, and the import's wall time and lock time are printed. The line-up is
 * bench/lineup-import.ts's: --guide-channels x --days of guide (2,000 x 14 is about 1 M programmes), a playlist
 * of --channels channels. Before decision 0445 the import ran on the server's thread: on PostgreSQL every one of
 * its queries stopped every request of the process. Meanwhile a progress report (a write) is sent one at a time:
 * its p50, p99, longest and refusals are printed. With --sqlite the server runs on SQLite and only this phase
 * runs: there a write waits (on SQLite's busy timeout, 5 s, the server's thread with it) while the import's
 * transaction holds the write lock, and is refused past the timeout.
 */
import type { ChildProcess } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { ensurePostgres, startPostgres } from '../packages/server/src/cluster/postgres.mjs';
import { SESSION_COOKIE_BASE } from '../packages/api-client/src/contract/sessionCookies.ts';
import { DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../packages/server/src/seed/accounts.ts';
import { openDb } from '../packages/server/src/store/db.ts';
import { openPgDb } from '../packages/server/src/store/pg/syncPg.ts';
import { stopChild } from '../packages/server/src/shared/redisServer.ts';
import { holdHistoryRow } from '../packages/server/test/holdRow.ts';
import { postCall, serveBench } from './benchLineup.ts';
import { consoleImport } from './consoleImport.ts';
import { type LineupShape, writeGuide, writePlaylist } from './lineupFiles.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    port: { type: 'string', default: '6160' },
    'guide-channels': { type: 'string', default: '2000' },
    days: { type: 'string', default: '14' },
    channels: { type: 'string', default: '10000' },
    /** The import phase alone, on SQLite: its writers wait on the busy timeout while the import applies. */
    sqlite: { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const shape: LineupShape = {
  guideChannels: Number(values['guide-channels']),
  days: Number(values.days),
  channels: Number(values.channels),
};
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const HOLD_MS = 500;
const WAITING_REPORTS = 4;

const post = (path: string, body: unknown, token?: string) =>
  postCall(`http://127.0.0.1:${port}`, path, body, token);

/** The newest live segment of ch1 (channel lc-001) the origin serves, by the address handed to the session. */
async function segmentUrl(token: string): Promise<string> {
  // The live API takes the token in the Authorization header, as the site sends it.
  const res = await fetch(`${base}${routes.live.channelPlaySource.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ logicalChannelId: 'lc-001' }),
  });
  const play = (await res.json()) as { errCode: number; errMsg: string; data?: { url: string } };
  if (!play.data) throw new Error(`the play source was refused: ${play.errMsg}`);
  const master = new URL(play.data.url, base);
  const variant = (await (await fetch(master)).text())
    .split('\n')
    .find((l) => !l.startsWith('#') && l.includes('index.m3u8'));
  if (!variant) throw new Error('ch1 has no variant playlist');
  const variantUrl = new URL(variant, master);
  // The sample channel starts with the server: its first segments take a few seconds.
  for (let tries = 0; tries < 60; tries++) {
    const playlist = (await (await fetch(variantUrl)).text()).split('\n');
    const segment = playlist.filter((l) => l.includes('.m4s')).at(-1);
    if (segment) return new URL(segment, variantUrl).toString();
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('ch1 made no segment in 30 s');
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? Number.NaN;
};

/**
 * One request at a time, alternating `/home` and a live segment, for --seconds (or until `done` says so): each one's
 * latencies. A segment that has left the live window (404) is replaced by the newest one, and that request is not
 * counted. A request the server dropped (its connection reset: a thread stopped past the server's time-outs) is
 * counted in `dropped`, and its time with the others.
 */
async function probe(newestSegment: () => Promise<string>, token: string, done?: () => boolean) {
  const cookie = { cookie: `${SESSION_COOKIE_BASE.session}=${token}` };
  const home: number[] = [];
  const media: number[] = [];
  let dropped = 0;
  let segment = await newestSegment();
  const until = performance.now() + seconds * 1000;
  while (done ? !done() : performance.now() < until) {
    for (const into of [home, media]) {
      const url = into === home ? `${base}/home` : segment;
      const t = performance.now();
      const res = await fetch(url, into === home ? { headers: cookie } : {}).catch(() => undefined);
      await res?.arrayBuffer();
      const ms = performance.now() - t;
      if (!res) {
        dropped++;
        into.push(ms);
      } else if (res.status === 404 && into === media) segment = await newestSegment();
      else if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      else into.push(ms);
    }
  }
  return { home, media, dropped };
}

const sqlite = values.sqlite === true;
if (!sqlite) ensurePostgres();
const dir = mkdtempSync(join(tmpdir(), 'ottkit-bench-slow-'));
const pgServer = sqlite ? undefined : startPostgres(join(dir, 'pg'), port + 1);
const databaseUrl = pgServer?.database('bench') ?? '';
let server: ChildProcess | undefined;
try {
  const dataDir = join(dir, 'data');
  server = await serveBench(dataDir, String(port), 'site/dist/server/entry.mjs', {
    HOST: '127.0.0.1',
    ...(sqlite ? {} : { OTTKIT_DATABASE_URL: databaseUrl }),
    // The import phase's line-up is read from this bench, on loopback.
    OTTKIT_UPSTREAM_ALLOW: '127.0.0.1',
  });
  const login = await post(routes.account.login.path, {
    loginInfo: { email: DEMO_SUBSCRIBED.email, password: DEMO_PASSWORD },
  });
  const token = (login.data as { tokens: { token: string } }).tokens.token;
  const report = () =>
    post(
      routes.vod.playProgressReport.path,
      {
        metaId: 'm-001',
        videoType: 'MOVIE',
        episodeNo: null,
        seasonNo: null,
        played: false,
        playedTime: 60,
        playProgress: 10,
        totalDuration: 600,
      },
      token,
    );
  if ((await report()).errCode !== 0) throw new Error('the first progress report was refused');
  const segment = () => segmentUrl(token);
  await probe(segment, token); // warm-up: the site's first render, the origin's first read

  const quiet = await probe(segment, token);
  const phases: Array<[string, Awaited<ReturnType<typeof probe>>]> = [['quiet', quiet]];

  let landed = 0;
  if (!sqlite) {
    // Another connection (this bench's own store on the same database) holds the history rows HOLD_MS at a time;
    // the reports wait on it.
    const holder = openPgDb(databaseUrl, 'bench-holder', false);
    let holding = true;
    let holds = 0;
    const hold = (async () => {
      while (holding) {
        await holdHistoryRow(holder, 'm-001', () => new Promise((r) => setTimeout(r, HOLD_MS)));
        holds++;
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    let reporting = true;
    const reporters = Array.from({ length: WAITING_REPORTS }, async () => {
      while (reporting) if ((await report().catch(() => ({ errCode: -1 }))).errCode === 0) landed++;
    });
    const waiting = await probe(segment, token);
    holding = false;
    reporting = false;
    await hold;
    await Promise.all(reporters);
    holder.close();
    phases.push([`rows held ${HOLD_MS} ms (${holds}×)`, waiting]);
  }

  // The console's import of a large line-up, read over HTTP from here.
  let imported: string | undefined;
  let reported: { ms: number[]; refused: number } | undefined;
  if (shape.guideChannels > 0) {
    const programmes = writeGuide(join(dir, 'guide.xml'), shape);
    const files = createHttpServer((req, res) =>
      createReadStream(join(dir, req.url === '/guide.xml' ? 'guide.xml' : 'lineup.m3u')).pipe(res),
    );
    await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
    const filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
    writePlaylist(join(dir, 'lineup.m3u'), shape, `${filesUrl}/guide.xml`);
    console.log(`import phase: ${programmes} programmes, ${shape.channels} channels`);
    const staffStore = sqlite
      ? openDb(join(dataDir, 'ottkit.db'))
      : openPgDb(databaseUrl, 'bench-staff', false);
    let ended = false;
    const job = consoleImport(base, staffStore, `${filesUrl}/lineup.m3u`).finally(() => {
      ended = true;
    });
    const writes = (async () => {
      const ms: number[] = [];
      let refused = 0;
      while (!ended) {
        const t = performance.now();
        if ((await report().catch(() => ({ errCode: -1 }))).errCode !== 0) refused++;
        ms.push(performance.now() - t);
      }
      return { ms, refused };
    })();
    phases.push(['a console import', await probe(segment, token, () => ended)]);
    imported = await job;
    reported = await writes;
    staffStore.close();
    files.close();
  }

  const [l1, l5] = loadavg();
  console.log(
    `slow query: ${seconds} s per phase, one process on ${sqlite ? 'SQLite' : 'PostgreSQL'}, load average ${l1?.toFixed(1)} / ${l5?.toFixed(1)}`,
  );
  console.log(
    'phase                          | /home p50 | /home p99 | segment p50 | segment p99 | requests | dropped',
  );
  for (const [name, r] of phases) {
    const f = (x: number) => x.toFixed(1).padStart(9);
    console.log(
      `${name.padEnd(30)} | ${f(pct(r.home, 0.5))} | ${f(pct(r.home, 0.99))} | ${f(pct(r.media, 0.5)).padStart(11)} | ${f(pct(r.media, 0.99)).padStart(11)} | ${String(r.home.length + r.media.length).padStart(8)} | ${r.dropped}`,
    );
  }
  if (!sqlite) console.log(`progress reports that waited and landed: ${landed}`);
  if (imported) console.log(`the console's import: ${imported}`);
  if (reported) {
    const f = (x: number) => x.toFixed(1);
    const longest = Math.max(...reported.ms);
    console.log(
      `progress reports during the import, one at a time: p50 ${f(pct(reported.ms, 0.5))} ms, p99 ${f(pct(reported.ms, 0.99))} ms, longest ${f(longest)} ms, ${reported.ms.length} sent, ${reported.refused} refused`,
    );
  }
} finally {
  if (server) await stopChild(server);
  pgServer?.stop('fast');
  rmSync(dir, { recursive: true, force: true });
}
