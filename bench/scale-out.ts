/**
 * Scale-out benchmark (issue 19; run by hand, never by the tests):
 *
 *   node bench/scale-out.ts [--viewers 1000,5000,10000] [--alone 1000] [--processes 1,3] [--seconds 15]
 *                           [--port 8950] [--no-faults] [--dir /dev/shm/ottkit-bench-scale-out]
 *                           [--per-connection 1,10] [--threads 1]
 *
 * Simulated live viewers with Debian's `wrk` (installed when missing, like the cluster's Redis and nginx): each
 * connection is a viewer that fetches the variant playlist every segment duration and, right after it, the newest
 * segment (so each new segment once; its number from the clock, see `viewerScript`). wrk keeps its script's state
 * per thread, not per connection, so the segment requests are owed per thread: every playlist asked owes one
 * segment request, which the next request of that thread pays (the mix and the rates are a viewer's; which
 * connection fetches what is not). With `--per-connection k`, a connection carries k viewers: it asks k times as
 * often, and the edge sees the same requests over a k-th of the connections.
 * Set-ups: one ottkit process alone (today's path, `--alone` viewer counts), then nginx + N processes
 * (`startCluster`, media profile tiny, everything under /dev/shm so the edge's cache is in memory). Per row:
 * requests/s, p50/p99 (ms), errors, the segment hit ratio at the edge and the requests per second that reached
 * ottkit, and the load average of the machine beside it (the figures of one run compare with each other, not with
 * another machine's). Then, with 3 processes: 100 simultaneous misses for one new segment (upstream requests
 * counted), and kill -9 of one process under load (errors overall and after 2 s).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDebian } from '../packages/server/src/cluster/debian.mjs';
import { type RunningCluster, startCluster } from '../packages/server/src/cluster/cluster.ts';
import { SEGMENT_SEC } from '../packages/server/src/media/profiles.ts';
import { liveUrl } from '../packages/server/src/origin/urls.ts';
import { DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../packages/server/src/seed/accounts.ts';
import { contract } from '../packages/api-client/src/contract/index.ts';

const { values } = parseArgs({
  options: {
    viewers: { type: 'string', default: '1000,5000,10000' },
    alone: { type: 'string', default: '1000' },
    processes: { type: 'string', default: '1,3' },
    seconds: { type: 'string', default: '15' },
    port: { type: 'string', default: '8950' },
    'no-faults': { type: 'boolean', default: false },
    /**
     * Viewers per wrk connection, a list: each viewer step runs once per value. 1 is a connection per viewer, as an
     * audience has; more carry the same requests over fewer connections (see `connectionsFor`).
     */
    'per-connection': { type: 'string', default: '1' },
    /**
     * wrk's threads. One: the load generator then takes at most one of the machine's cores and leaves nginx the
     * other; with two it took up to both, and the viewers' p99 was its queue (decision 0356).
     */
    threads: { type: 'string', default: '1' },
    /** Where the cluster and the edge's cache live (several runs on one machine each need their own). */
    dir: { type: 'string' },
  },
});
const viewerSteps = String(values.viewers).split(',').map(Number);
const aloneSteps = String(values.alone).split(',').filter(Boolean).map(Number);
const processSteps = String(values.processes).split(',').map(Number);
const seconds = Number(values.seconds);
const basePort = Number(values.port);
const perConnectionSteps = String(values['per-connection']).split(',').map(Number);
const wrkThreads = Number(values.threads);
ensureDebian('wrk', ['wrk'], 'for the scale-out benchmark');
ensureDebian('/usr/bin/time', ['time'], 'to measure what wrk itself costs');

// In memory when the machine has it: the edge's cache (and the processes' data) on tmpfs.
const dir = values.dir ?? join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'ottkit-bench-scale-out');
/** The viewers' script for `perConnection` viewers per connection. */
const luaFor = (perConnection: number) => join(dir, `viewer-${perConnection}.lua`);

/**
 * wrk's connections for `viewers` at `perConnection` viewers each. wrk's timers (its delay()) sit in one unsorted
 * list per thread, which every turn of its event loop walks twice, reading the clock at each entry (the Redis event
 * loop it embeds, ae.c): at one connection per viewer every waiting viewer is an entry, and at 10,000 viewers that
 * walk is most of what wrk costs (decision 0356). The same requests over fewer connections show what the edge does
 * when the load generator is not the one queueing.
 */
const connectionsFor = (viewers: number, perConnection: number) =>
  Math.max(wrkThreads, Math.round(viewers / perConnection));

/**
 * One wrk connection = one viewer: the playlist every segment duration, then the newest segment. The segment's
 * number comes from the clock, not from the playlist's body: a live playlist's numbering follows the clock on
 * every process (issue 19's "same bytes" property), and a Lua `response` callback would make wrk copy every
 * answer's body (the segments too) into Lua, which cost as much CPU as the edge itself on this 2-core machine.
 * `newest` is the newest segment number listed at `atMs`. Real viewers see a new segment at their own phase
 * within a segment duration (when their playlist comes), so each request takes a random phase: the first viewers
 * of a new segment are few, as in life, not every viewer at the same tick (which would queue them all behind
 * nginx's cache lock, whose waiters look again only every 500 ms). Never a segment not yet listed.
 * The next playlist comes at a random moment of the next segment duration, not a fixed delay after the answer:
 * a player schedules its reload from when the last one started (hls.js subtracts the load time), so one slow
 * answer does not move its viewer's phase. wrk's delay() counts from the answer, and with a fixed delay every
 * viewer slowed by one stall came back together a segment later, and again after that: the echo of one stall
 * (the 10,000 connections opened at once, say) kept the edge's workers in bursts for the whole run (decision
 * 0345). The aggregate is the same as independent viewers' (one playlist each per segment duration, spread
 * evenly); only the lock-step that no real audience keeps is gone. A connection that carries `perConnection`
 * viewers takes its next playlist in the next 1/perConnection of a segment duration, the same way.
 */
function viewerScript(
  playlist: string,
  token: string,
  newest: number,
  atMs: number,
  perConnection: number,
): string {
  const base = playlist.slice(0, playlist.lastIndexOf('/') + 1);
  const segMs = SEGMENT_SEC * 1000;
  const w = Math.max(1, Math.round(segMs / perConnection));
  return `
local ffi = require("ffi")
ffi.cdef[[ typedef struct { long tv_sec; long tv_usec; } ottkit_timeval; int gettimeofday(ottkit_timeval *tv, void *tz); ]]
local tv = ffi.new("ottkit_timeval")
local function nowMs()
  ffi.C.gettimeofday(tv, nil)
  return tonumber(tv.tv_sec) * 1000 + tonumber(tv.tv_usec) / 1000
end
local playlistRequest = nil
-- Segment requests by number, made once each.
local segmentRequests = {}
-- wrk asks delay() when a connection's answer is complete and request() when its timer fires, with other
-- connections in between: the kind of each next request is decided in delay() and counted per thread.
-- owed: playlists asked whose segment nobody has taken yet; queued: segments decided, not yet asked.
local owed = 0
local queued = 0
local started = false
function init(args)
  playlistRequest = wrk.format("GET", "${playlist}?token=${token}")
end
function delay()
  -- Viewers arrive spread over one segment; a viewer's segment follows its playlist at once.
  if not started then started = true return math.random(0, ${w}) end
  if owed > 0 then owed = owed - 1 queued = queued + 1 return 0 end
  -- The next playlist at a random moment of the next window (a segment duration / viewers per connection).
  local now = nowMs()
  return ${w} - math.floor(now - ${atMs}) % ${w} + math.random(0, ${w} - 1)
end
function request()
  if queued > 0 then
    queued = queued - 1
    local n = ${newest} + math.floor((nowMs() - ${atMs} - math.random() * ${segMs}) / ${segMs})
    local r = segmentRequests[n]
    if not r then
      r = wrk.format("GET", "${base}" .. n .. ".m4s?token=${token}")
      segmentRequests[n] = r
      segmentRequests[n - 3] = nil
    end
    return r
  end
  owed = owed + 1
  return playlistRequest
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %.1f %.1f %d %d %d %d\\n", summary.requests, summary.duration,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, e.connect, e.read + e.write, e.timeout, e.status))
end`;
}

interface Figures {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The errors by kind, printed under a row that has any. */
  kinds: string;
  /** CPU seconds wrk itself used (user + system), and the machine's busy cores over the step. */
  wrkCpuSec: number;
  /** wrk's connections (viewers / viewers per connection). */
  connections: number;
  machineCores: number;
}

/** Busy and total jiffies of the whole machine so far (/proc/stat's first line). */
function machineTicks(): { busy: number; total: number } {
  const f = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  // idle and iowait are not busy.
  return { busy: total - (f[3] ?? 0) - (f[4] ?? 0), total };
}

/**
 * CPU time used so far by the edge's nginx (master and workers), ms: the figure that does not depend on what else
 * runs on the machine. Per request it says how many viewers one idle core would hold.
 */
function nginxCpuMs(): number {
  return [...nginxWorkerCpuMs().values()].reduce((a, b) => a + b, 0);
}

/** The same per nginx process (master and each worker), ms: an edge whose workers share the work unevenly is slow. */
function nginxWorkerCpuMs(): Map<number, number> {
  const master = Number(readFileSync(join(dir, 'nginx', 'nginx.pid'), 'utf8').trim());
  const byPid = new Map<number, number>();
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      // Fields after the command name: state ppid … utime (14th field) stime (15th).
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pid) === master || Number(f[1]) === master)
        byPid.set(Number(pid), (Number(f[11]) + Number(f[12])) * 10);
    } catch {
      // Gone meanwhile.
    }
  }
  return byPid;
}

function runWrk(url: string, viewers: number, perConnection: number): Figures {
  const connections = connectionsFor(viewers, perConnection);
  const before = machineTicks();
  // GNU time prints wrk's own CPU (user and system seconds) on the last line of stderr: the load generator shares
  // the machine's 2 cores with everything it measures.
  const res = spawnSync(
    '/usr/bin/time',
    [
      '-f',
      'WRKCPU %U %S',
      'wrk',
      '-t',
      String(wrkThreads),
      '-c',
      String(connections),
      '-d',
      `${seconds}s`,
      '--timeout',
      '5s',
      '-s',
      luaFor(perConnection),
      url,
    ],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  const after = machineTicks();
  const m = /RESULT (\d+) (\d+) ([\d.]+) ([\d.]+) (\d+) (\d+) (\d+) (\d+)/.exec(res.stdout ?? '');
  if (!m) throw new Error(`wrk gave no result: ${res.stderr || res.stdout}`);
  const cpu = /WRKCPU ([\d.]+) ([\d.]+)/.exec(res.stderr ?? '');
  const cores = cpus().length;
  const requests = Number(m[1]);
  const [connect, io, timeout, status] = [m[5], m[6], m[7], m[8]].map(Number) as [
    number,
    number,
    number,
    number,
  ];
  return {
    requests,
    rps: requests / (Number(m[2]) / 1e6),
    p50: Number(m[3]),
    p99: Number(m[4]),
    errors: connect + io + timeout + status,
    kinds: `connect ${connect}, read/write ${io}, timeout ${timeout}, status ${status}`,
    wrkCpuSec: cpu ? Number(cpu[1]) + Number(cpu[2]) : Number.NaN,
    connections,
    machineCores: (cores * (after.busy - before.busy)) / Math.max(1, after.total - before.total),
  };
}

interface EdgeFigures {
  hitRatio: number;
  originRps: number;
  /** nginx's own time for the viewers' requests ($request_time, ms): the edge without the load generator's. */
  p99: number;
  max: number;
}

/** Segment hit ratio, upstream requests/s and the edge's own p99 from the edge log lines written since `from`. */
function edgeFigures(c: RunningCluster, from: number): EdgeFigures {
  const lines = readFileSync(c.edgeLog, 'utf8').slice(from).split('\n').filter(Boolean);
  const viewers = lines.filter((l) => l.split(' ')[1]?.startsWith('edge:'));
  const segs = viewers.filter((l) => l.endsWith('.m4s'));
  const hits = segs.filter((l) => l.split(' ')[1] === 'edge:HIT').length;
  const upstream = lines.filter((l) => l.split(' ')[2] !== '-').length;
  const times = viewers.map((l) => 1000 * Number.parseFloat(l.split(' ')[3] ?? '')).sort((a, b) => a - b);
  return {
    hitRatio: segs.length ? hits / segs.length : 0,
    originRps: upstream / seconds,
    p99: times[Math.floor(times.length * 0.99)] ?? Number.NaN,
    max: times.at(-1) ?? Number.NaN,
  };
}

const load = () => (loadavg()[0] ?? 0).toFixed(2);

const row = (setup: string, viewers: number, f: Figures, edge?: EdgeFigures) =>
  console.log(
    [
      setup.padEnd(16),
      String(viewers).padStart(7),
      f.rps.toFixed(0).padStart(8),
      f.p50.toFixed(1).padStart(7),
      f.p99.toFixed(1).padStart(8),
      `${f.errors} (${((100 * f.errors) / Math.max(1, f.requests)).toFixed(2)} %)`.padStart(14),
      (edge ? `${(100 * edge.hitRatio).toFixed(1)} %` : '-').padStart(9),
      (edge ? edge.originRps.toFixed(1) : '-').padStart(9),
      load().padStart(6),
    ].join(' ') +
      `\n${' '.repeat(17)}wrk itself, ${f.connections} connections: ${f.wrkCpuSec.toFixed(1)} CPU s in ${seconds} s ` +
      `(${(f.wrkCpuSec / seconds).toFixed(2)} cores, ${((1e6 * f.wrkCpuSec) / Math.max(1, f.requests)).toFixed(0)} µs a request); ` +
      `machine busy ${f.machineCores.toFixed(2)} of ${cpus().length} cores` +
      (edge
        ? `\n${' '.repeat(17)}at the edge (nginx's own time): p99 ${edge.p99.toFixed(0)} ms, slowest ${edge.max.toFixed(0)} ms`
        : '') +
      (f.errors ? `\n${' '.repeat(17)}errors: ${f.kinds}` : ''),
  );

/** The session id of a fresh login of the demo subscriber. */
async function sessionOf(c: RunningCluster): Promise<string> {
  const call = async (path: string, body: unknown, token?: string) =>
    (
      (await (
        await fetch(c.processUrls[0] + path, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
        })
      ).json()) as { data: Record<string, unknown> }
    ).data;
  const login = await call(contract.account.login.path, {
    loginInfo: { email: DEMO_SUBSCRIBED.email, password: DEMO_PASSWORD },
  });
  const token = (login.tokens as { token: string }).token;
  return (await call(contract.account.userInfo.path, {}, token)).sessionId as string;
}

/** 100 viewers missing one new segment at once: how many requests reach ottkit (the goal is 1). */
async function collapsedMisses(c: RunningCluster, playlist: string, token: string): Promise<number> {
  const seen =
    (await (await fetch(`${c.edgeUrl}${playlist}?token=${token}`)).text()).match(/(\d+)\.m4s/g) ?? [];
  const known = Number(seen.at(-1)?.split('.')[0] ?? -1);
  // The next segment, asked of a process directly (the edge has not cached it yet).
  let n = known;
  while (n <= known) {
    await new Promise((r) => setTimeout(r, 100));
    const text = await (await fetch(`${c.processUrls[0]}${playlist}?token=${token}`)).text();
    n = Number(
      text
        .match(/(\d+)\.m4s/g)
        ?.at(-1)
        ?.split('.')[0] ?? -1,
    );
  }
  const path = `${playlist.slice(0, playlist.lastIndexOf('/') + 1)}${n}.m4s`;
  const answers = await Promise.all(
    Array.from({ length: 100 }, () => fetch(`${c.edgeUrl}${path}?token=${token}`).then((r) => r.status)),
  );
  if (answers.some((s) => s !== 200))
    throw new Error(`misses: not every answer was 200: ${answers.join(',')}`);
  await new Promise((r) => setTimeout(r, 1500));
  return readFileSync(c.edgeLog, 'utf8')
    .split('\n')
    .filter((l) => l.endsWith(path) && l.split(' ')[2] !== '-').length;
}

/**
 * kill -9 of one of the processes under load: `loops` clients each ask, one after the other, a live playlist and
 * an API call (the guide checksums) through the edge for `sec` seconds; process 2 is killed after 3 s (the cluster
 * starts it again). Errors: a status other than 200, or no answer.
 */
async function killFigure(c: RunningCluster, playlist: string, token: string, loops = 200, sec = 12) {
  const results: { at: number; ok: boolean; what: string }[] = [];
  const end = Date.now() + sec * 1000;
  let killedAt = 0;
  const kill = setTimeout(() => {
    killedAt = Date.now();
    process.kill(c.pid(1) as number, 'SIGKILL');
  }, 3000);
  const one = async (kind: string, f: () => Promise<Response>) => {
    try {
      const r = await f();
      await r.arrayBuffer();
      results.push({ at: Date.now(), ok: r.status === 200, what: `${kind} ${r.status}` });
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
      results.push({ at: Date.now(), ok: false, what: `${kind} ${cause}` });
    }
  };
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (Date.now() < end) {
        await one('playlist', () => fetch(`${c.edgeUrl}${playlist}?token=${token}`));
        await one('api', () =>
          fetch(`${c.edgeUrl}${contract.live.epgChecksumQuery.path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          }),
        );
      }
    }),
  );
  clearTimeout(kill);
  const errors = results.filter((r) => !r.ok);
  const lateErrors = errors.filter((r) => r.at > killedAt + 2000);
  const kinds = (list: typeof errors) => {
    const n = new Map<string, number>();
    for (const e of list) n.set(e.what, (n.get(e.what) ?? 0) + 1);
    return [...n].map(([k, v]) => `${k} × ${v}`).join(', ') || 'none';
  };
  await c.waitFor(1, 120_000);
  return {
    requests: results.length,
    errors: errors.length,
    late: lateErrors.length,
    kinds: `first 2 s: ${kinds(errors.filter((r) => r.at <= killedAt + 2000))}; later: ${kinds(lateErrors)}`,
  };
}

console.log(
  `scale-out: ${seconds} s per step, segment ${SEGMENT_SEC} s, wrk on ${wrkThreads} thread(s) with ` +
    `${perConnectionSteps.join(' or ')} viewer(s) per connection`,
);
console.log('setup            viewers    req/s  p50 ms   p99 ms         errors  seg hits  origin/s  load1');
for (const processes of processSteps) {
  const c = await startCluster({
    dir,
    port: basePort,
    processes,
    env: { OTTKIT_MEDIA_PROFILE: 'tiny' },
    log: () => {},
  });
  try {
    const secret = (JSON.parse(readFileSync(join(c.dataDir, 'secrets.json'), 'utf8')) as { secret: string })
      .secret;
    // A real session, like every viewer's URL: the edge checks it against the list of ended sessions (decision
    // 0306) and the origin against the database.
    const url = liveUrl(secret, {
      accountId: 'bench',
      liveStreamId: 'ch1',
      ttlSec: 3600,
      sessionId: await sessionOf(c),
    });
    const token = url.split('token=')[1] as string;
    const master = await (await fetch(c.processUrls[0] + url)).text();
    const rendition = /^(\w+)\/index\.m3u8/m.exec(master)?.[1];
    const playlist = `/media/live/ch1/${rendition}/index.m3u8`;
    const listed = (await (await fetch(`${c.processUrls[0]}${playlist}?token=${token}`)).text()).match(
      /(\d+)\.m4s/g,
    );
    const newest = Number(listed?.at(-1)?.split('.')[0]);
    if (!Number.isFinite(newest)) throw new Error(`no segment listed in ${playlist}`);
    for (const k of perConnectionSteps)
      writeFileSync(luaFor(k), viewerScript(playlist, token, newest, Date.now(), k));
    if (processes === processSteps[0]) {
      for (const v of aloneSteps)
        for (const k of perConnectionSteps) row('ottkit alone', v, runWrk(c.processUrls[0] as string, v, k));
    }
    for (const v of viewerSteps)
      for (const k of perConnectionSteps) {
        const from = readFileSync(c.edgeLog, 'utf8').length;
        const cpu = nginxCpuMs();
        const workersBefore = nginxWorkerCpuMs();
        const f = runWrk(c.edgeUrl, v, k);
        const perRequestUs = ((nginxCpuMs() - cpu) * 1000) / Math.max(1, f.requests);
        const split = [...nginxWorkerCpuMs()]
          .map(([pid, ms]) => ms - (workersBefore.get(pid) ?? 0))
          .filter((ms) => ms > 0)
          .sort((a, b) => b - a);
        // nginx writes its log each second.
        await new Promise((r) => setTimeout(r, 1500));
        row(`nginx + ${processes}`, v, f, edgeFigures(c, from));
        console.log(
          `${' '.repeat(17)}edge CPU ${perRequestUs.toFixed(0)} µs a request: one idle core would answer about ` +
            `${Math.round(1e6 / Math.max(1, perRequestUs))} req/s (a viewer asks 1 a second); ` +
            `CPU ms per nginx process: ${split.join(', ')}`,
        );
      }
    if (processes === processSteps.at(-1) && !values['no-faults']) {
      // After an overload step the edge may have marked every process down for a moment: start from a steady state.
      for (let i = 0; i < 120; i++) {
        if ((await fetch(`${c.edgeUrl}${playlist}?token=${token}`)).status === 200) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      await new Promise((r) => setTimeout(r, 3000));
      const misses = await collapsedMisses(c, playlist, token);
      console.log(
        `100 simultaneous misses for one new segment: ${misses} request(s) reached ottkit (load1 ${load()})`,
      );
      if (processes >= 2) {
        const k = await killFigure(c, playlist, token);
        console.log(
          `kill -9 of 1 of ${processes} under load: ${k.errors} errors of ${k.requests} requests ` +
            `(${((100 * k.errors) / Math.max(1, k.requests)).toFixed(2)} %), ${k.late} after 2 s; ` +
            `the process rejoined (load1 ${load()})\n${' '.repeat(17)}errors: ${k.kinds}`,
        );
      }
    }
  } finally {
    await c.stop();
  }
}
for (const k of perConnectionSteps) rmSync(luaFor(k), { force: true });
