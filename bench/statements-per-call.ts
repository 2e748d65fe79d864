/**
 * How many SQL statements each of a viewer's frequent calls makes on PostgreSQL (issue 39; run by hand, never by
 * the tests):
 *
 *   node_modules/.bin/node bench/statements-per-call.ts [--port 6170] [--show KIND]
 *
 * One ottkit process (`serve`, seeded sample data, tiny media) on PostgreSQL (Debian's, started here on a temporary
 * folder) with every statement logged (`log_statement=all`, through libpq's PGOPTIONS, which node-postgres reads).
 * Each kind of call is made twice to warm what the process keeps, then five times, 50 ms apart; the statements
 * the log gained meanwhile, a call, are printed (the process's own timers may add one now and then). A statement
 * is a round trip and, on this virtual machine, a good part of a millisecond of the process's CPU in the socket
 * write alone (decision 0417): the figure to lower. `--show KIND` prints that kind's statements.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { ensurePostgres, postgresBin, startPostgres } from '../packages/server/src/cluster/postgres.mjs';
import { DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../packages/server/src/seed/accounts.ts';
import { stopChild } from '../packages/server/src/shared/redisServer.ts';
import { serveBench } from './benchLineup.ts';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '6170' }, show: { type: 'string' } },
});
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;
const { live, account, vod, message, metrics } = routes;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A call of the contract, the token where the site sends it (the query for the VOD API). */
async function call(route: { path: string; tokenIn?: string }, body: unknown, token?: string) {
  const inQuery = route.tokenIn === 'query' && token;
  const res = await fetch(`${base}${route.path}${inQuery ? `?token=${token}` : ''}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token && !inQuery ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { errCode: number; errMsg: string; data: unknown };
  if (answer.errCode !== 0) throw new Error(`${route.path}: ${answer.errCode} ${answer.errMsg}`);
  return answer.data;
}

ensurePostgres();
const dir = mkdtempSync(join(tmpdir(), 'ottkit-bench-statements-'));
const pg = startPostgres(join(dir, 'pg'), port + 1);
const log = join(dir, 'pg', 'postgres.log');
// Each line of the log begins with the connection's application name, which tells the synchronous store's
// statements from the asynchronous pool's (store/pg/worker.ts). A server-wide setting, so set here, not per session.
const bin = postgresBin();
if (!bin) throw new Error('PostgreSQL is missing: ensurePostgres installs it');
for (const sql of ["ALTER SYSTEM SET log_line_prefix = '%a '", 'SELECT pg_reload_conf()']) {
  const r = spawnSync(join(bin, 'psql'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(port + 1),
    '-U',
    'postgres',
    '-c',
    sql,
  ]);
  if (r.status !== 0) throw new Error(`psql: ${r.stderr}`);
}
const server = await serveBench(join(dir, 'data'), String(port), undefined, {
  HOST: '127.0.0.1',
  OTTKIT_DATABASE_URL: pg.database('bench'),
  PGOPTIONS: '-c log_statement=all',
});
try {
  const signIn = () =>
    call(account.login, { loginInfo: { email: DEMO_SUBSCRIBED.email, password: DEMO_PASSWORD } });
  const token = ((await signIn()) as { tokens: { token: string } }).tokens.token;
  const kinds: Record<string, () => Promise<unknown>> = {
    'sign-in': signIn,
    'line-up': () => call(live.channelList, {}, token),
    authority: () => call(live.contentAuthority, {}, token),
    'play source': () => call(live.channelPlaySource, { logicalChannelId: 'lc-001' }, token),
    'progress report': () =>
      call(
        vod.playProgressReport,
        {
          metaId: 'm-001',
          videoType: 'MOVIE',
          episodeNo: null,
          seasonNo: null,
          played: false,
          playedTime: Math.floor(Math.random() * 500),
          playProgress: 10,
          totalDuration: 5400,
        },
        token,
      ),
    'telemetry batch': () =>
      call(
        metrics.metricsBatchPost,
        {
          events: [
            {
              eventId: randomUUID(),
              ts: Date.now(),
              type: 'livePlayData',
              sourceId: 'lc-001',
              startedAt: Date.now() - 30_000,
              watchedMs: 30_000,
              timeshift: false,
            },
          ],
        },
        token,
      ),
    'watching report': () =>
      call(
        metrics.metricsBatchPost,
        {
          events: [
            { eventId: randomUUID(), ts: Date.now(), type: 'watching', sourceId: 'lc-001', mode: 'live' },
          ],
        },
        token,
      ),
    'unread count': () => call(message.unreadCount, {}, token),
  };
  console.log('statements a call on PostgreSQL (five calls, warm), all and through the synchronous store:');
  for (const [kind, once] of Object.entries(kinds)) {
    await once();
    await once();
    await pause(1_500);
    const before = readFileSync(log, 'utf8').split('\n').length;
    for (let i = 0; i < 5; i++) {
      await once();
      await pause(50);
    }
    await pause(300);
    const statements = readFileSync(log, 'utf8')
      .split('\n')
      .slice(before - 1)
      .filter((l) => /LOG:\s+(statement|execute)/.test(l))
      .map((l) => l.replace(/LOG:\s+/, ''));
    // The synchronous store's connection is named apart (store/pg/worker.ts): each of its statements blocks the
    // whole process while it runs (issue 39), so that figure is to reach 0.
    const blocking = statements.filter((l) => l.startsWith('ottkit-sync ')).length;
    console.log(
      `  ${kind.padEnd(16)} ${(statements.length / 5).toFixed(1).padStart(5)} ${(blocking / 5).toFixed(1).padStart(5)} synchronous`,
    );
    if (values.show === kind) for (const s of statements) console.log(`      ${s.slice(0, 200)}`);
  }
} finally {
  await stopChild(server);
  pg.stop('fast');
  rmSync(dir, { recursive: true, force: true });
}
