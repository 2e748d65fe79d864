/**
 * PostgreSQL against SQLite on the API hot paths (issue 19, decision 0275; run by hand, never by the tests):
 *
 *   node_modules/.bin/node bench/store-engines.ts [--seconds 10] [--concurrency 16] [--port 6150]
 *
 * One ottkit process (`serve`, seeded sample data, tiny media) on each engine in turn: SQLite (today's default)
 * and PostgreSQL (Debian's, started here on a temporary folder, `OTTKIT_DATABASE_URL`). For each hot path, the
 * bench keeps --concurrency requests in flight for --seconds and prints requests/s, p50 and p99 (ms) and errors
 * side by side: channel list (guest), one guide day of the whole line-up (EPG v2), login (the demo account, its
 * password hash included), a play-progress report (a write), a returning guest, a channel's play, the notices, the
 * update check, one channel's guide, the home row and the plans. The load average is printed with the figures:
 * figures of one run compare with each other, not with another machine's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../packages/server/src/seed/accounts.ts';
import { stopChild } from '../packages/server/src/shared/redisServer.ts';
import { ensurePostgres, startPostgres } from '../packages/server/src/cluster/postgres.mjs';
import { postCall, serveBench } from './benchLineup.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '16' },
    port: { type: 'string', default: '6150' },
  },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const port = Number(values.port);
const { live, account, vod } = routes;

/** The error codes seen (login answers its limit's code once the attempts limit trips). */
const codes = new Set<number>();

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const post = (path: string, body: unknown, token?: string) =>
  postCall(`http://127.0.0.1:${port}`, path, body, token);

/** A call with headers of its own (a bearer token, the guest's cookie); answers the envelope and the response. */
async function postWith(path: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { envelope: (await res.json()) as { errCode: number }, res };
}

/** Keeps `concurrency` calls in flight for `seconds`; a call that is not errCode 0 counts as an error. */
async function load(call: () => Promise<{ errCode: number }>): Promise<Figures> {
  // One call first, untimed: the first guide request of a day generates it (a write), which is not the hot path.
  await call();
  const times: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const t = performance.now();
      const r = await call().catch(() => ({ errCode: -1 }));
      times.push(performance.now() - t);
      if (r.errCode !== 0) {
        errors++;
        codes.add(r.errCode);
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  const wall = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((times.length * p) / 100))] ?? 0;
  return { rps: times.length / wall, p50: at(50), p99: at(99), errors };
}

async function measure(engine: string, env: Record<string, string>): Promise<Record<string, Figures>> {
  const dataDir = mkdtempSync(join(tmpdir(), `ottkit-bench-${engine}-`));
  const server = await serveBench(dataDir, String(port), undefined, { HOST: '127.0.0.1', ...env });
  try {
    const login = () =>
      post(account.login.path, {
        loginInfo: { email: DEMO_SUBSCRIBED.email, password: DEMO_PASSWORD },
      }) as Promise<{
        errCode: number;
        data: { tokens: { token: string } };
      }>;
    const first = await login();
    if (first.errCode !== 0) throw new Error(`demo login failed on ${engine}: ${first.errCode}`);
    const token = first.data.tokens.token;
    const list = (await post(live.channelList.path, {})) as {
      data: { channelListInfo: { epgId: string }[] };
    };
    const epgIds = [...new Set(list.data.channelListInfo.map((c) => c.epgId).filter(Boolean))];
    const today = new Date().toISOString().slice(0, 10);
    const report = (i: number) =>
      post(
        vod.playProgressReport.path,
        {
          metaId: 'm-001',
          videoType: 'MOVIE',
          playedTime: i % 5000,
          playProgress: (i % 100) + 0.5,
          totalDuration: 5400,
        },
        token,
      );
    const probe = await report(1);
    if (probe.errCode !== 0) throw new Error(`progress report failed on ${engine}: ${probe.errCode}`);
    // A returning device's guest (its id and the secret cookie its first visit got), as every guest's page load.
    const deviceId = `bench-device-${engine}`;
    const firstVisit = await postWith(account.visitorLogin.path, { deviceId }, {});
    const guestCookie = (
      firstVisit.res.headers.getSetCookie().find((c) => c.startsWith('ottkit_guest=')) ?? ''
    ).split(';')[0] as string;
    const bearer = { authorization: `Bearer ${token}` };
    const channelIds = list.data.channelListInfo.map(
      (c) => (c as { logicalChannelId?: string }).logicalChannelId,
    );
    let n = 0;
    return {
      'channel list': await load(() => post(live.channelList.path, {})),
      'guide day': await load(() => post(live.epgQueryV2.path, { date: today, epgIdList: epgIds })),
      login: await load(login),
      'progress report': await load(() => report(++n)),
      'guest visit': await load(
        async () =>
          (await postWith(account.visitorLogin.path, { deviceId }, { cookie: guestCookie })).envelope,
      ),
      // A channel change's play (live play history), on one of the line-up's channels.
      'channel play': await load(async () => {
        const logicalChannelId = channelIds[++n % channelIds.length] ?? '';
        const play = { logicalChannelId, playTime: Date.now() - 1000 };
        return (await postWith(live.playHistoryCreate.path, { playHistoryList: [play] }, bearer)).envelope;
      }),
      notices: await load(async () => (await postWith(routes.message.appNotice.path, {}, bearer)).envelope),
      // The site's poll of what changed (every open page), and what a channel's guide and the home row ask.
      'update check': await load(
        async () =>
          (
            await postWith(
              live.updateCheck.path,
              {
                dataChecks: ['channel', 'authority', 'favorite', 'epg'].map((dataType) => ({
                  dataType,
                  timestamp: 0,
                })),
              },
              bearer,
            )
          ).envelope,
      ),
      'channel guide': await load(() =>
        post(live.epgQuery.path, { channelId: channelIds[++n % channelIds.length], futureDays: 1 }, token),
      ),
      'home row': await load(() => post(live.homeRecommend.path, {}, token)),
      plans: await load(() => post(account.planList.path, {}, token)),
    };
  } finally {
    await stopChild(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

ensurePostgres();
const pgDir = mkdtempSync(join(tmpdir(), 'ottkit-bench-pg-'));
const pg = startPostgres(join(pgDir, 'pg'), port + 1);
try {
  const sqlite = await measure('sqlite', { OTTKIT_DATABASE_URL: '' });
  const postgres = await measure('postgres', { OTTKIT_DATABASE_URL: pg.database('bench') });
  const [l1, l5] = loadavg();
  console.log(
    `store engines: ${seconds} s per path, ${concurrency} in flight, one process, load average ${l1?.toFixed(1)} / ${l5?.toFixed(1)}`,
  );
  const pad = (s: string, w: number) => s.padEnd(w);
  console.log(
    `${pad('path', 16)} | ${pad('SQLite req/s', 12)} | ${pad('p50 ms', 7)} | ${pad('p99 ms', 7)} | ${pad('err', 4)} | ${pad('PG req/s', 9)} | ${pad('p50 ms', 7)} | ${pad('p99 ms', 7)} | err`,
  );
  for (const path of Object.keys(sqlite)) {
    const a = sqlite[path] as Figures;
    const b = postgres[path] as Figures;
    console.log(
      `${pad(path, 16)} | ${pad(a.rps.toFixed(0), 12)} | ${pad(a.p50.toFixed(1), 7)} | ${pad(a.p99.toFixed(1), 7)} | ${pad(String(a.errors), 4)} | ${pad(b.rps.toFixed(0), 9)} | ${pad(b.p50.toFixed(1), 7)} | ${pad(b.p99.toFixed(1), 7)} | ${b.errors}`,
    );
  }
  if (codes.size > 0) console.log(`error codes seen: ${[...codes].join(', ')}`);
} finally {
  pg.stop('fast');
  rmSync(pgDir, { recursive: true, force: true });
}
