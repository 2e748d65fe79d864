import { randomUUID } from 'node:crypto';
import { contract } from '@ottkit/api-client';
import { sql } from 'kysely';
import { VodErrCode } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUrl } from '../src/store/db.ts';
import { SESSION_COOKIE_BASE } from '@ottkit/api-client/contract';
import { bearer, startServer, type TestServer } from './helpers.ts';
import { holdHistoryRow } from './holdRow.ts';
import { synchronousQueries } from './synchronousQueries.ts';
import { type SmtpReceiver, startSmtpReceiver } from './smtpReceiver.ts';
import { INTERRUPTED_MESSAGE } from '../src/operator/jobs.ts';
import { enqueue } from '../src/store/outbox.ts';
import { siteBuilt, startSiteServer } from './productServer.ts';
import { loginToken, progressReport, vodCall, vodData } from './vodHelpers.ts';

// Issue 39, decision 0407: the play-progress report on the asynchronous store (Kysely), on both engines.
describe('a progress report on the asynchronous store', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await startServer({ config: { visitorMode: true } });
    token = await loginToken(t, 'demo@ottkit.test');
  });
  afterAll(() => t.close());

  const report = (playedTime: number) => progressReport('m-001', playedTime);

  it('answers the row it left, as stored', async () => {
    const first = await vodData(t, contract.vod.playProgressReport, report(30), token);
    const stored = t.server.db.get<{ played_time: number; updated_at: number }>(
      "SELECT played_time, updated_at FROM vod_history WHERE meta_id = 'm-001'",
    );
    expect(first.playedTime).toBe(30);
    expect(stored?.played_time).toBe(30);
    expect(first.updatedAt).toBe(stored?.updated_at);
    // A title that is not playable is refused, and nothing is stored.
    const refused = await vodCall(
      t,
      contract.vod.playProgressReport,
      { ...report(40), metaId: 'no-such' },
      token,
    );
    expect(refused.body.errCode).toBe(VodErrCode.META_NOT_FOUND);
  });

  // The synchronous store blocked the whole process on every PostgreSQL query (Atomics.wait), so one query waiting
  // on a lock stopped every other request, media included. SQLite answers each query at once, in the process:
  // there is nothing to wait for there, so this one is PostgreSQL's.
  it.runIf(postgresUrl())(
    'on PostgreSQL, holds up no other request of the process while it waits',
    async () => {
      const v = contract.vod;
      await vodData(t, v.playProgressReport, report(60), token);
      let release = () => {};
      const released = new Promise<void>((done) => {
        release = done;
      });
      let settled = false;
      let pending: Promise<unknown> | undefined;
      // Another connection holds the viewer's history row, as a slow writer would: the next report must wait for it.
      const holder = holdHistoryRow(t.server.db, 'm-001', async () => {
        pending = vodData(t, v.playProgressReport, report(120), token).finally(() => {
          settled = true;
        });
        await released;
      });
      try {
        // While the report waits, the same process answers the line-up and a title's detail.
        await new Promise((r) => setTimeout(r, 100));
        const list = await vodData(t, contract.live.channelList, {}, token);
        expect(list.channelListInfo.length).toBeGreaterThan(0);
        const detail = await vodData(t, v.detail, { metaId: 'm-002' }, token);
        expect(detail.metaId).toBe('m-002');
        expect(settled).toBe(false);
      } finally {
        release();
        await holder;
      }
      const position = (await pending) as { playedTime: number };
      expect(position.playedTime).toBe(120);
    },
  );
  // Issue 39, decision 0428: a synchronous transaction on PostgreSQL takes one advisory lock for the whole cluster
  // (store/pg/syncPg.ts), so every such write waits for every other. These viewer writes take none: while another
  // connection holds that lock they all answer. A write that took it would stop the process until its statement
  // timed out.
  it.runIf(postgresUrl())(
    'on PostgreSQL, a progress report, a telemetry batch and a counted search take no global lock',
    async () => {
      const answers = await t.server.db.kysely.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(hashtext(current_schema()))`.execute(trx);
        return Promise.all([
          vodCall(t, contract.vod.playProgressReport, report(300), token),
          vodCall(t, contract.vod.search, { keyword: 'harbor', pageId: 1, pageSize: 10 }, token),
          t.post(
            contract.metrics.metricsBatchPost.path,
            {
              events: [
                {
                  eventId: randomUUID(),
                  ts: t.clock.now,
                  type: 'watching',
                  sourceId: 'lc-001',
                  mode: 'live',
                },
              ],
            },
            bearer(token),
          ),
        ]);
      });
      expect(answers.map((a) => a.body.errCode)).toEqual([0, 0, 0]);
      // The search was counted: the keyword has this account's vote.
      const votes = await t.server.db.kysely
        .selectFrom('vod_search_votes')
        .select('keyword')
        .where('keyword', '=', 'harbor')
        .execute();
      expect(votes.length).toBeGreaterThan(0);
    },
  );
});

// Decision 0408: what every viewer asks, over and over, asks nothing of the synchronous store once the process
// has read what it keeps (the line-up, the settings). On PostgreSQL each synchronous query stopped the process for
// its round trip, so a process answered these calls one query at a time.
// A pool connection that PostgreSQL ends while a transaction holds it (its database dropped, the server restarted,
// an administrator's pg_terminate_backend) fails that transaction's next statement in words; it does not throw out
// of the process (an uncaught error fails this file).
describe.runIf(postgresUrl())('a connection ended while checked out', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(() => t.close());

  it('fails its next statement with the typed error, and the pool goes on with a new connection', async () => {
    const k = t.server.db.kysely;
    const outcome = await k
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
        await sql`SELECT pg_terminate_backend(${rows[0]?.pid})`.execute(k);
        // The connection's death arrives while nothing of the transaction is running.
        await new Promise((r) => setTimeout(r, 300));
        await sql`SELECT 1`.execute(trx);
        return 'answered';
      })
      .catch((e: { code?: string }) => e.code ?? 'an untyped error');
    expect(outcome).toBe('DATABASE_UNAVAILABLE');
    expect((await sql<{ x: number }>`SELECT 1 AS x`.execute(k)).rows[0]?.x).toBe(1);
  });
});

describe.runIf(postgresUrl())("a viewer's frequent calls on PostgreSQL", () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await startServer();
    token = await loginToken(t, 'demo@ottkit.test');
  });
  afterAll(() => t.close());

  it('the channel list, the channels’ authority, a guide day, a progress report, the user info and a sign-in, once warm', async () => {
    const calls = {
      'channel list': () => vodData(t, contract.live.channelList, {}, token),
      authority: () => vodData(t, contract.live.contentAuthority, {}, token),
      'progress report': () =>
        vodData(t, contract.vod.playProgressReport, progressReport('m-001', 30), token),
      // The account calls take the token in the Authorization header.
      'guide day': async () => {
        const list = await vodData(t, contract.live.channelList, {}, token);
        const epgIdList = [...new Set(list.channelListInfo.map((c) => c.epgId).filter(Boolean))];
        const date = new Date(t.clock.now).toISOString().slice(0, 10);
        return vodData(t, contract.live.epgQueryV2, { date, epgIdList }, token);
      },
      'user info': async () =>
        expect((await t.post(contract.account.userInfo.path, {}, bearer(token))).body.errCode).toBe(0),
      // A sign-in: its attempt counted and given back, the account, the new session and its tokens (decision 0411).
      login: async () => expect(await loginToken(t, 'demo@ottkit.test')).toBeTruthy(),
    };
    for (const call of Object.values(calls)) await call();
    for (const [name, call] of Object.entries(calls)) {
      expect(await synchronousQueries(t.server.db, call), name).toEqual([]);
    }
    // A setting written as the operator's CLI writes it is seen at the next call: the kept settings follow it.
    t.server.db.run("INSERT INTO app_settings (key, value) VALUES ('kidsModeSwitch', 'true')");
    expect((await calls['channel list']()).kidsModeSwitch).toBe(true);
  });
  // Decision 0429: the VOD catalogue a viewer browses (a title, a series' episodes, a person, the lists, the
  // favourites and the history) reads its titles on the asynchronous store.
  it('a title, its episodes, trailer and play, a person, the lists, favourites, history and the search, once warm', async () => {
    const v = contract.vod;
    const series = await t.server.db.kysely
      .selectFrom('vod_metas')
      .select('meta_id')
      .where('meta_type', '=', 'SERIES')
      .executeTakeFirstOrThrow();
    const category = await t.server.db.kysely
      .selectFrom('vod_playlists')
      .select('playlist_id')
      .where('playlist_type', '=', 2)
      .executeTakeFirstOrThrow();
    const person = await t.server.db.kysely
      .selectFrom('vod_credits')
      .select('person_id')
      .where('meta_id', '=', 'm-001')
      .executeTakeFirstOrThrow();
    const ok = async (d: Parameters<typeof vodCall>[1], body: Record<string, unknown>) => {
      const answer = await vodCall(t, d, body, token);
      expect(answer.body.errCode, d.path).toBe(0);
    };
    const calls = {
      detail: () => ok(v.detail, { metaId: 'm-001' }),
      'batch detail': () => ok(v.batchDetail, { metaIds: ['m-001', series.meta_id] }),
      episodes: () => ok(v.episodes, { metaId: series.meta_id }),
      'play source': () => ok(v.playSource, { metaId: 'm-001' }),
      trailer: () => ok(v.trailer, { metaId: 'm-001' }),
      person: () => ok(v.personDetail, { personId: person.person_id }),
      filmography: () => ok(v.filmography, { personId: person.person_id }),
      'playlist root': () => ok(v.playlistRoot, {}),
      'favourite add': () => ok(v.favorAdd, { metaId: 'm-002' }),
      favourites: () => ok(v.favorMetaList, {}),
      'favourite check': () => ok(v.favorBatchSearchHasFavored, { metaIds: ['m-002'] }),
      'history add': () => ok(v.historyAdd, { metaId: 'm-003' }),
      history: () => ok(v.historyMetaList, {}),
      'favourite delete': () => ok(v.favorBatchDelete, { metaIds: ['m-002'] }),
      'history delete': () => ok(v.historyBatchDelete, { metaIds: ['m-003'] }),
      // Decision 0430: the search (its vote too), the top searches, more like this and a category's rule.
      search: () => ok(v.search, { keyword: 'harbor', pageId: 1, pageSize: 10 }),
      'top searches': () => ok(v.searchTopx, {}),
      'more like this': () => ok(v.recommendList, { metaId: 'm-001' }),
      category: () =>
        ok(v.batchPlaylist, {
          playlistIds: [category.playlist_id],
          showListType: 1,
          pageId: 1,
          pageSize: 10,
        }),
    };
    for (const call of Object.values(calls)) await call();
    for (const [name, call] of Object.entries(calls)) {
      expect(await synchronousQueries(t.server.db, call), name).toEqual([]);
    }
  });
});

// Issue 39: the rest of what a watching viewer asks, and the page they open, on the product as `serve` composes
// it (the built site, the origin that ends a session's media URLs with it).
describe.runIf(postgresUrl() && siteBuilt)('a watching viewer on PostgreSQL', () => {
  let t: TestServer;
  let token: string;
  beforeAll(async () => {
    t = await startSiteServer();
    token = await loginToken(t, 'demo@ottkit.test');
  });
  afterAll(() => t.close());

  it('the home page, the app settings, the profiles, the unread count, a live play and its segments ask nothing synchronously once warm', async () => {
    const play = () =>
      t.post(contract.live.channelPlaySource.path, { logicalChannelId: 'lc-001' }, bearer(token));
    const master = new URL(
      contract.live.channelPlaySource.response.parse((await play()).body.data).url,
      t.url,
    );
    const variant = new URL(
      (await (await fetch(master)).text()).split('\n').find((l) => l.includes('index.m3u8')) ?? '',
      master,
    );
    const get = async (url: URL | string, headers: Record<string, string> = {}) => {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      expect(res.status, String(url)).toBe(200);
    };
    const cookie = { cookie: `${SESSION_COOKIE_BASE.session}=${token}` };
    const calls = {
      'home page': () => get(`${t.url}/home`, cookie),
      'app settings': () => t.post(contract.account.appPropertyQuery.path, {}),
      'manifest settings': () => t.post(contract.account.manifestProperty.path, {}),
      profiles: () => t.post(contract.account.profileList.path, {}, bearer(token)),
      // Every signed-in page asks it on a timer (layoutConfig.msg_chk_int).
      'unread messages': async () =>
        expect((await t.post(contract.message.unreadCount.path, {}, bearer(token))).body.errCode).toBe(0),
      'live play': async () => expect((await play()).body.errCode).toBe(0),
      // The segment's session is asked again after a second: the clock moves past it first.
      'live playlist and segment': async () => {
        t.advance(1_500);
        const playlist = (await (await fetch(variant)).text()).split('\n');
        await get(new URL(playlist.filter((l) => l.includes('.m4s')).at(-1) ?? '', variant));
      },
    };
    for (const call of Object.values(calls)) await call();
    for (const [name, call] of Object.entries(calls)) {
      expect(await synchronousQueries(t.server.db, call), name).toEqual([]);
    }
    // A logout is seen once the second the session was trusted for is over: its media URLs end with it.
    await t.post(contract.account.logout.path, {}, bearer(token));
    t.advance(1_500);
    const playlist = await fetch(variant);
    expect(playlist.status).toBe(403);
  });
});

// Issue 39, decision 0427: a serving process's own timers (the mail delivery's round every 2 s, the sweep of
// stopped processes' jobs every half lease) ask nothing of the synchronous store, so on PostgreSQL they never stop
// the process for a round trip. Both engines: the code path is the same.
describe("a process's own timers", () => {
  let t: TestServer;
  let inbox: SmtpReceiver;
  beforeAll(async () => {
    inbox = await startSmtpReceiver();
    t = await startServer({ config: { smtpUrl: inbox.url, jobLeaseMs: 1_000 } });
  });
  afterAll(async () => {
    await t.close();
    await inbox.close();
  });

  it('deliver a message and fail a stopped process’s job with no synchronous query', async () => {
    const db = t.server.db;
    const now = t.clock.now;
    // A job of a process that stopped, of a kind nobody continues: the sweep fails it in words.
    db.run(
      `INSERT INTO operator_jobs (job_id, kind, target, status, created_by, created_at, updated_at, owner, lease_until)
       VALUES ('job-gone', 'cli.stopped', 'x', 'running', 'op', ?, ?, 'a-stopped-process', ?)`,
      now - 60_000,
      now - 60_000,
      now - 30_000,
    );
    // A first message warms what the process keeps (the settings' sender name).
    await enqueue(
      db,
      { channel: 'email', recipient: 'warm@ottkit.test', subject: 'Warm', body: 'First' },
      now,
    );
    await inbox.waitFor((m) => m.subject === 'Warm', 10_000);
    await enqueue(
      db,
      { channel: 'email', recipient: 'quiet@ottkit.test', subject: 'Hello', body: 'Hello there' },
      now,
    );
    const asked = await synchronousQueries(db, async () => {
      await inbox.waitFor((m) => m.subject === 'Hello', 10_000);
      // Until the message is marked sent and the job failed (read on the asynchronous store).
      for (let i = 0; i < 100; i++) {
        const [message, job] = await Promise.all([
          db.kysely
            .selectFrom('outbox')
            .select('state')
            .where('recipient', '=', 'quiet@ottkit.test')
            .executeTakeFirst(),
          db.kysely
            .selectFrom('operator_jobs')
            .select('status')
            .where('job_id', '=', 'job-gone')
            .executeTakeFirst(),
        ]);
        if (message?.state === 'sent' && job?.status === 'failed') break;
        await new Promise((r) => setTimeout(r, 100));
      }
    });
    expect(asked).toEqual([]);
    const sent = db.get<{ state: string }>("SELECT state FROM outbox WHERE recipient = 'quiet@ottkit.test'");
    expect(sent?.state).toBe('sent');
    const job = db.get<{ status: string; error: string }>(
      "SELECT status, error FROM operator_jobs WHERE job_id = 'job-gone'",
    );
    expect(job).toEqual({ status: 'failed', error: INTERRUPTED_MESSAGE });
  });
});
