/**
 * Every viewer's API traffic, not only the video (issue 39; run by hand, never by the tests):
 *
 *   node_modules/.bin/node bench/service-load.ts [--viewers 10000] [--processes 1,3] [--seconds 120]
 *                                              [--capacity-seconds 20] [--port 8990] [--dir …]
 *
 * For each process count: the cluster (`startCluster`: nginx edge, N ottkit processes, PostgreSQL, Redis; tiny
 * media) with --viewers subscribed accounts added to its database. Each viewer connects from an address of its
 * own (127.x.y.z, so the per-address limits see an audience, not one attacker) and signs in once (not timed,
 * printed). Then --seconds of what the site does, at its real cadences, for every viewer at once:
 *
 * - a channel change every 2-5 minutes: the authority check, the channel's play source, its playlists and first
 *   two segments through the edge (the steady segments of watching are `bench/scale-out.ts`'s);
 * - the play-progress report every 60 s (spec §9's default interval, `DEFAULT_PLAY_HISTORY_REPORT_INTERVAL_S`);
 * - a telemetry batch every 30 s (`TELEMETRY_FLUSH_INTERVAL_MS`);
 * - viewers arriving: sign-ins at the rate that replaces the audience every 10 minutes, each followed by the
 *   line-up, the day's guide and the unread-messages count.
 *
 * The viewers' phases are spread at random, as an audience's are. Printed per process count: the API calls a
 * second, p50 and p99 (ms), errors, per kind, and the generator's own CPU. Then the capacity: 64 calls at a time
 * of the same mix, as fast as they are answered, for --capacity-seconds; the issue's goal is 3 processes at 2.5×
 * one. The load average is printed with the figures: figures of one run compare with each other.
 * `BENCH_NODE_OPTIONS` is given to the ottkit processes as NODE_OPTIONS (`--cpu-prof --cpu-prof-dir=…` profiles them).
 */
import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { LoginMethod } from '../packages/api-client/src/contract/index.ts';
import { startCluster } from '../packages/server/src/cluster/cluster.ts';
import { machineBusySeconds } from './proc.mjs';
import { HASH_LIMITS, hashPasswordSync } from '../packages/server/src/domain/passwords.ts';
import { DEMO_EXPIRY } from '../packages/server/src/seed/accounts.ts';
import { PRODUCT_LIVE_BASIC, PRODUCT_LIVE_SPORTS } from '../packages/server/src/seed/channels.ts';
import { insertAccount, putSubscription } from '../packages/server/src/store/accounts.ts';
import { openPgDb } from '../packages/server/src/store/pg/syncPg.ts';
import { DEFAULT_PLAY_HISTORY_REPORT_INTERVAL_S } from '../site/src/jobs/progressReport.ts';
import { TELEMETRY_FLUSH_INTERVAL_MS } from '../site/src/jobs/telemetry.ts';

const { values } = parseArgs({
  options: {
    viewers: { type: 'string', default: '10000' },
    processes: { type: 'string', default: '1,3' },
    seconds: { type: 'string', default: '120' },
    'capacity-seconds': { type: 'string', default: '20' },
    port: { type: 'string', default: '8990' },
    dir: { type: 'string' },
  },
});
const viewerCount = Number(values.viewers);
const processSteps = String(values.processes).split(',').map(Number);
const seconds = Number(values.seconds);
const capacitySeconds = Number(values['capacity-seconds']);
const basePort = Number(values.port);
const dir = values.dir ?? join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'ottkit-bench-service-load');
const PASSWORD = 'bench-viewer-1';
const CHANGE_MS = [120_000, 300_000] as const;
const AUDIENCE_RENEWED_MS = 600_000;
const CAPACITY_IN_FLIGHT = 64;
const { live, account, vod, message, metrics } = routes;

interface Viewer {
  index: number;
  email: string;
  agent: Agent;
  token?: string;
}

/** One answer: its status and body. */
function send(
  v: Viewer,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port: basePort,
        method,
        path,
        agent: v.agent,
        headers: {
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('latin1');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('no answer in 30 s')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** A call of the contract with the viewer's token where the site sends it (the query for the VOD API). */
async function call(v: Viewer, route: { path: string; tokenIn?: string }, body: unknown) {
  const inQuery = route.tokenIn === 'query' && v.token;
  const path = inQuery ? `${route.path}?token=${encodeURIComponent(v.token as string)}` : route.path;
  const r = await send(v, 'POST', path, body, inQuery ? undefined : v.token);
  const answer = r.status === 200 ? (JSON.parse(r.text) as { errCode: number; data?: unknown }) : undefined;
  if (answer?.errCode !== 0) throw new Error(`${route.path}: ${r.status} ${answer?.errCode ?? ''}`);
  return answer.data;
}

/** The generator's own CPU seconds so far. */
const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** Latencies and errors per kind of call. */
class Tally {
  times = new Map<string, number[]>();
  errors = new Map<string, number>();
  firstErrors: string[] = [];
  async time<T>(kind: string, work: () => Promise<T>): Promise<T | undefined> {
    const t = performance.now();
    try {
      const r = await work();
      (this.times.get(kind) ?? this.times.set(kind, []).get(kind))?.push(performance.now() - t);
      return r;
    } catch (e) {
      this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
      if (this.firstErrors.length < 5) this.firstErrors.push(`${kind}: ${(e as Error).message}`);
      return undefined;
    }
  }
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? Number.NaN;
};

/** The viewer's address: its own, in a /24 of 256 viewers. */
const addressOf = (i: number) => `127.${1 + (i >> 16)}.${(i >> 8) & 255}.${i & 255 || 1}`;

function viewersFor(n: number): Viewer[] {
  return Array.from({ length: n }, (_, index) => ({
    index,
    email: `viewer-${index}@bench.ottkit.test`,
    agent: new Agent({ keepAlive: true, maxSockets: 2, localAddress: addressOf(index) }),
  }));
}

/** The bench's viewers, subscribed to every live product, in the cluster's database. */
function addViewers(databaseUrl: string, viewers: Viewer[]): void {
  const db = openPgDb(databaseUrl, 'bench-viewers', false);
  const hash = hashPasswordSync(PASSWORD, 10);
  const now = Date.now();
  db.transaction(() => {
    for (const v of viewers) {
      const accountId = `acc-bench-${v.index}`;
      insertAccount(db, {
        account_id: accountId,
        kind: 'user',
        virtual_code: String(8_000_000_000 + v.index),
        email: v.email,
        phone_pre_code: null,
        phone: null,
        phone_key: null,
        account_name: `Viewer ${v.index}`,
        password_hash: hash,
        login_method: LoginMethod.EMAIL,
        country: 'US',
        device_id: null,
        free_trial_status: 'used',
        free_trial_ends_at: null,
        created_at: now,
      });
      for (const product of [PRODUCT_LIVE_BASIC, PRODUCT_LIVE_SPORTS])
        putSubscription(db, accountId, product, DEMO_EXPIRY);
    }
  });
  db.close();
}

/** What the site calls, each one a function of a viewer. */
function viewerCalls(channels: string[], epgIds: string[]) {
  const today = new Date().toISOString().slice(0, 10);
  // The token in use stays until the new one comes: the viewer's other calls go on meanwhile.
  const signIn = async (v: Viewer) => {
    const data = (await call(v, account.login, { loginInfo: { email: v.email, password: PASSWORD } })) as {
      tokens: { token: string };
    };
    v.token = data.tokens.token;
  };
  /** The play source, the master and variant playlists, and the variant's last two segments. */
  const play = async (v: Viewer) => {
    const lid = channels[Math.floor(Math.random() * channels.length)];
    const { url } = (await call(v, live.channelPlaySource, { logicalChannelId: lid })) as { url: string };
    const get = async (u: URL) => {
      const r = await send(v, 'GET', u.pathname + u.search);
      if (r.status !== 200) throw new Error(`${u.pathname}: ${r.status}`);
      return r.text;
    };
    const master = new URL(url, 'http://edge');
    const variant = (await get(master)).split('\n').find((l) => l && !l.startsWith('#'));
    if (!variant) throw new Error('no variant playlist');
    const variantUrl = new URL(variant, master);
    const segments = (await get(variantUrl)).split('\n').filter((l) => l && !l.startsWith('#'));
    for (const s of segments.slice(-2)) await get(new URL(s, variantUrl));
  };
  return {
    signIn,
    arrive: async (v: Viewer, t: Tally) => {
      await t.time('sign-in', () => signIn(v));
      await t.time('line-up', () => call(v, live.channelList, {}));
      await t.time('guide day', () => call(v, live.epgQueryV2, { date: today, epgIdList: epgIds }));
      await t.time('unread count', () => call(v, message.unreadCount, {}));
    },
    change: async (v: Viewer, t: Tally) => {
      await t.time('authority', () => call(v, live.contentAuthority, {}));
      await t.time('play source + first segments', () => play(v));
    },
    progress: (v: Viewer, t: Tally) =>
      t.time('progress report', () =>
        call(v, vod.playProgressReport, {
          metaId: 'm-001',
          videoType: 'MOVIE',
          episodeNo: null,
          seasonNo: null,
          played: false,
          playedTime: 60 + v.index,
          playProgress: 10,
          totalDuration: 5400,
        }),
      ),
    telemetry: (v: Viewer, t: Tally) =>
      t.time('telemetry batch', () =>
        call(v, metrics.metricsBatchPost, {
          events: [
            {
              eventId: randomUUID(),
              ts: Date.now(),
              type: 'livePlayData',
              sourceId: channels[v.index % channels.length],
              startedAt: Date.now() - TELEMETRY_FLUSH_INTERVAL_MS,
              watchedMs: TELEMETRY_FLUSH_INTERVAL_MS,
              timeshift: false,
            },
          ],
        }),
      ),
  };
}

type Calls = ReturnType<typeof viewerCalls>;

/** Every viewer at its cadences for `ms`; answers the tally. */
async function watch(viewers: Viewer[], calls: Calls, ms: number): Promise<Tally> {
  const t = new Tally();
  const end = performance.now() + ms;
  const pending = new Set<Promise<unknown>>();
  const timers: NodeJS.Timeout[] = [];
  const every = (periodMs: [number, number], work: () => Promise<unknown>) => {
    const next = () => periodMs[0] + Math.random() * (periodMs[1] - periodMs[0]);
    const tick = () => {
      if (performance.now() >= end) return;
      const p = work().finally(() => pending.delete(p));
      pending.add(p);
      timers.push(setTimeout(tick, next()));
    };
    // A random phase: the first one anywhere in one period.
    timers.push(setTimeout(tick, Math.random() * next()));
  };
  const progressMs = DEFAULT_PLAY_HISTORY_REPORT_INTERVAL_S * 1000;
  for (const v of viewers) {
    every([...CHANGE_MS], () => calls.change(v, t));
    every([progressMs, progressMs], () => calls.progress(v, t));
    every([TELEMETRY_FLUSH_INTERVAL_MS, TELEMETRY_FLUSH_INTERVAL_MS], () => calls.telemetry(v, t));
  }
  const arrivalMs = AUDIENCE_RENEWED_MS / viewers.length;
  every([arrivalMs, arrivalMs], () =>
    calls.arrive(viewers[Math.floor(Math.random() * viewers.length)] as Viewer, t),
  );
  await new Promise((r) => setTimeout(r, ms));
  for (const timer of timers) clearTimeout(timer);
  await Promise.all(pending);
  return t;
}

/** The same mix, `CAPACITY_IN_FLIGHT` at a time, as fast as it is answered, for `ms`. */
async function capacity(
  viewers: Viewer[],
  calls: Calls,
  ms: number,
): Promise<{ rps: number; t: Tally; cpuMsPerCall: number }> {
  const t = new Tally();
  const end = performance.now() + ms;
  // The cadences' proportions: in 7 viewer-minutes, 14 telemetry batches, 7 progress reports, 2 channel changes.
  const mix = [
    ...Array<Calls['telemetry']>(14).fill(calls.telemetry),
    ...Array<Calls['progress']>(7).fill(calls.progress),
    ...Array<Calls['change']>(2).fill(calls.change),
  ];
  const started = performance.now();
  const busy0 = machineBusySeconds();
  const own0 = cpuSeconds();
  await Promise.all(
    Array.from({ length: CAPACITY_IN_FLIGHT }, async () => {
      while (performance.now() < end) {
        const v = viewers[Math.floor(Math.random() * viewers.length)] as Viewer;
        await (mix[Math.floor(Math.random() * mix.length)] as (v: Viewer, t: Tally) => Promise<unknown>)(
          v,
          t,
        );
      }
    }),
  );
  const done = [...t.times.values()].reduce((a, xs) => a + xs.length, 0);
  // The machine's busy CPU but the generator's own: what the edge, the processes, PostgreSQL and Redis used.
  const serviceCpuMs = (machineBusySeconds() - busy0 - (cpuSeconds() - own0)) * 1000;
  return {
    rps: done / ((performance.now() - started) / 1000),
    t,
    cpuMsPerCall: serviceCpuMs / Math.max(1, done),
  };
}

function printTally(title: string, t: Tally, ms: number): void {
  const all = [...t.times.values()].flat();
  const errors = [...t.errors.values()].reduce((a, b) => a + b, 0);
  console.log(
    `${title}: ${(all.length / (ms / 1000)).toFixed(0)} calls/s, p50 ${pct(all, 0.5).toFixed(1)} ms, p99 ${pct(all, 0.99).toFixed(1)} ms, errors ${errors} (${((100 * errors) / Math.max(1, all.length + errors)).toFixed(2)} %)`,
  );
  for (const [kind, xs] of t.times) {
    console.log(
      `  ${kind.padEnd(30)} ${String(xs.length).padStart(7)}  p50 ${pct(xs, 0.5).toFixed(1).padStart(7)}  p99 ${pct(xs, 0.99).toFixed(1).padStart(7)}  errors ${t.errors.get(kind) ?? 0}`,
    );
  }
  for (const e of t.firstErrors) console.log(`  first errors: ${e}`);
}

const capacities = new Map<number, number>();
for (const processes of processSteps) {
  const clusterDir = join(dir, `p${processes}`);
  rmSync(clusterDir, { recursive: true, force: true });
  const cluster = await startCluster({
    dir: clusterDir,
    port: basePort,
    processes,
    restart: false,
    env: {
      OTTKIT_MEDIA_PROFILE: 'tiny',
      ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    },
    log: () => {},
  });
  const viewers = viewersFor(viewerCount);
  try {
    addViewers(cluster.databaseUrl, viewers);
    // The first viewer, not yet signed in, asks the line-up as a guest; it warms each kind of call below.
    const first = viewers[0] as Viewer;
    const list = (await call(first, live.channelList, {})) as {
      channelListInfo: { logicalChannelId: string; epgId: string }[];
    };
    const channels = list.channelListInfo.map((c) => c.logicalChannelId);
    const epgIds = [...new Set(list.channelListInfo.map((c) => c.epgId).filter(Boolean))];
    const calls = viewerCalls(channels, epgIds);

    const signedIn = new Tally();
    const signInStart = performance.now();
    let next = 0;
    await Promise.all(
      // As many at once as a process hashes and queues (HASH_LIMITS): more are told to come back.
      Array.from({ length: HASH_LIMITS.running + HASH_LIMITS.queued - 1 }, async () => {
        while (next < viewers.length) {
          const v = viewers[next++] as Viewer;
          await signedIn.time('sign-in', () => calls.signIn(v));
        }
      }),
    );
    const [l1] = loadavg();
    console.log(
      `\n${processes} process(es), ${viewerCount} viewers, ${cpus().length} cores; sign-ins ${((performance.now() - signInStart) / 1000).toFixed(0)} s (errors ${signedIn.errors.get('sign-in') ?? 0})`,
    );
    for (const e of signedIn.firstErrors) console.log(`  first errors: ${e}`);
    // Each kind once first, untimed: the day's guide is made by its first request (a write, once a day).
    await calls.arrive(first, new Tally());
    await calls.change(first, new Tally());
    const cpu0 = cpuSeconds();
    const watched = await watch(viewers, calls, seconds * 1000);
    const [w1, w5] = loadavg();
    printTally(`watching ${seconds} s`, watched, seconds * 1000);
    console.log(
      `  generator CPU ${(cpuSeconds() - cpu0).toFixed(0)} s of ${seconds} s; load average ${w1?.toFixed(1)} / ${w5?.toFixed(1)} (before: ${l1?.toFixed(1)})`,
    );
    const cap = await capacity(viewers, calls, capacitySeconds * 1000);
    capacities.set(processes, cap.rps);
    printTally(
      `capacity (${CAPACITY_IN_FLIGHT} in flight, ${capacitySeconds} s)`,
      cap.t,
      capacitySeconds * 1000,
    );
    console.log(
      `  the service's CPU a call (edge, processes, PostgreSQL, Redis): ${cap.cpuMsPerCall.toFixed(2)} ms`,
    );
  } finally {
    for (const v of viewers) v.agent.destroy();
    await cluster.stop();
    rmSync(clusterDir, { recursive: true, force: true });
  }
}
const one = capacities.get(1);
for (const [processes, rps] of capacities) {
  if (one && processes !== 1)
    console.log(`capacity, ${processes} processes against one: ${(rps / one).toFixed(2)}×`);
}
