import { contract } from '@ottkit/api-client';
import { operatorContract as oc } from '@ottkit/api-client/contract';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/store/kysely/schema.generated.ts';
import { startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';
import { synchronousQueries } from './synchronousQueries.ts';

// Issue 39, decision 0433: every screen of the console reads on the asynchronous store once warm. The dashboard and
// the jobs card poll every few seconds; on PostgreSQL each synchronous query stopped the whole process.
let t: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  t = await startServer();
  admin = await signInOperator(t, 'boss@ottkit.test', 'admin');
});
afterAll(() => t.close());

/** The console's calls as the admin makes them; a call that does not answer success is noted in `failed`. */
function consoleCalls() {
  const headers = { cookie: admin.cookie, origin: t.url };
  const failed: string[] = [];
  const post = async <T = Record<string, unknown>>(path: string, body: object): Promise<T> => {
    const answer = await t.post(path, body, headers);
    if (answer.body.errCode !== 0) failed.push(`${path}: ${answer.body.errMsg}`);
    return answer.body.data as T;
  };
  return { headers, failed, post };
}

/** The audit log's entries the condition keeps, oldest first. */
const auditEntries = (keep: (eb: ExpressionBuilder<Database, 'operator_audit'>) => Expression<SqlBool>) =>
  t.server.db.kysely
    .selectFrom('operator_audit')
    .select(['action', 'target'])
    .where(keep)
    .orderBy('seq')
    .execute();

/** The console's reads that need no parameter: every GET of the operator contract an empty query satisfies. */
const screens = Object.entries(oc.operator).filter(
  ([, call]) => call.method === 'GET' && call.request.safeParse({}).success,
);

describe("the console's screens on the asynchronous store", () => {
  it('every screen read asks nothing synchronously once warm', async () => {
    const headers = { cookie: admin.cookie, origin: t.url };
    // Warm: the line-up, the settings and the notices are kept per version once read.
    for (const [, call] of screens) await t.get(call.path, headers);
    const failed: string[] = [];
    const asked = await synchronousQueries(t.server.db, async () => {
      for (const [name, call] of screens) {
        const answer = await t.get(call.path, headers);
        if (answer.body.errCode !== 0) failed.push(`${name}: ${answer.body.errMsg}`);
      }
    });
    expect(failed).toEqual([]);
    expect(asked).toEqual([]);
    // The screens this covers, so a contract change that made one need a parameter is seen here.
    expect(screens.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'jobList',
        'dashboardGet',
        'lineupList',
        'titleList',
        'noticeList',
        'homeGet',
        'planAdminList',
        'codeBatchList',
        'codeBatchPending',
        'settingsGet',
        'sourceList',
        'guideUnmapped',
      ]),
    );
  });
  it("a title, its parts and credits, a subscriber's search, detail and history, a batch's redemptions, a job, a source and a guide day ask nothing synchronously once warm", async () => {
    const headers = { cookie: admin.cookie, origin: t.url };
    const O = oc.operator;
    const made = await t.post(
      O.titleCreate.path,
      {
        en: { title: 'Quiet title', plot: 'Read on the asynchronous store' },
        vodType: 'movie',
        releaseYear: 2020,
      },
      headers,
    );
    const metaId = (made.body.data as { title: { metaId: string } }).title.metaId;
    expect(
      (await t.post(O.codeBatchCreate.path, { planId: 'plan-monthly', count: 2 }, headers)).body.errCode,
    ).toBe(0);
    // A batch made as a job: the console's job card reads it.
    const started = await t.post(O.codeBatchStart.path, { planId: 'plan-monthly', count: 2 }, headers);
    const jobId = (started.body.data as { job: { jobId: string } }).job.jobId;
    const batches = await t.get(O.codeBatchList.path, headers);
    const batchId = (batches.body.data as { batches: { batchId: string }[] }).batches[0]?.batchId;
    const source = await t.post(
      O.sourceAdd.path,
      { name: 'Quiet source', kind: 'm3u', url: 'http://127.0.0.1:9/quiet.m3u' },
      headers,
    );
    expect(source.body.errMsg).toBe('success');
    const reads = [
      `${O.titleGet.path}?metaId=${metaId}`,
      `${O.titleParts.path}?metaId=${metaId}`,
      `${O.titleCredits.path}?metaId=${metaId}`,
      `${O.subscriberSearch.path}?q=demo`,
      `${O.subscriberGet.path}?accountId=acc-demo-subscribed`,
      `${O.subscriberHistory.path}?accountId=acc-demo-subscribed`,
      `${O.codeRedemptions.path}?batchId=${batchId}`,
      `${O.jobGet.path}?jobId=${jobId}`,
      `${O.sourceStatus.path}?name=${encodeURIComponent('Quiet source')}`,
      `${O.lineupGuideDay.path}?logicalChannelId=lc-001&day=${new Date(t.clock.now).toISOString().slice(0, 10)}`,
    ];
    for (const path of reads) await t.get(path, headers);
    const failed: string[] = [];
    const asked = await synchronousQueries(t.server.db, async () => {
      for (const path of reads) {
        const answer = await t.get(path, headers);
        if (answer.body.errCode !== 0) failed.push(`${path}: ${answer.body.errMsg}`);
      }
    });
    expect(failed).toEqual([]);
    expect(asked).toEqual([]);
  });
  it("a title's edits (made, changed, credited, published, taken out, an upload started and sent; a series' season and episode), each with its audit entry, ask nothing synchronously", async () => {
    const { failed, post } = consoleCalls();
    const O = oc.operator;
    type Made = { title: { metaId: string; status: string } };
    const text = (title: string) => ({ title, plot: 'Written on the asynchronous store' });
    // A film and a series' episode with a video each, so that both can be published.
    const film = (
      await post<Made>(O.titleCreate.path, { en: text('Quiet film'), vodType: 'movie', releaseYear: 2021 })
    ).title.metaId;
    const series = (
      await post<Made>(O.titleCreate.path, {
        en: text('Quiet series'),
        vodType: 'series',
        releaseYear: 2021,
        metaType: 'SERIES',
      })
    ).title.metaId;
    await post(O.titleSeasonAdd.path, { seriesId: series, seasonNo: 1, en: text('Season 1') });
    const episode = (
      await post<Made>(O.titleEpisodeAdd.path, {
        seriesId: series,
        seasonNo: 1,
        episodeNo: 1,
        en: text('Pilot'),
      })
    ).title.metaId;
    await t.server.db.kysely
      .updateTable('console_titles')
      .set({ asset_id: 'vod1', duration: 60 })
      .where('meta_id', 'in', [film, episode])
      .execute();
    const asked = await synchronousQueries(t.server.db, async () => {
      await post(O.titleCreate.path, { en: text('Quiet draft'), vodType: 'movie', releaseYear: 2022 });
      await post(O.titleUpdate.path, {
        metaId: film,
        en: text('Quiet film, again'),
        vodType: 'movie',
        releaseYear: 2021,
        ageRating: '12',
      });
      await post(O.titleCreditsSave.path, {
        metaId: film,
        cast: ['Quinn Quiet'],
        directors: [],
        genres: ['Calm'],
      });
      await post(O.titlePublish.path, { metaId: film });
      await post(O.titleCreditsSave.path, {
        metaId: film,
        cast: ['Quinn Quiet', 'Rae Still'],
        directors: [],
        genres: [],
      });
      await post(O.titleSeasonAdd.path, { seriesId: series, seasonNo: 2, en: text('Season 2') });
      await post(O.titlePublish.path, { metaId: episode });
      await post(O.titleUnpublish.path, { metaId: film });
      // An upload started and its first chunk (of four bytes, two sent: no transcode yet).
      type Started = { upload: { uploadId: string } };
      const upload = (
        await post<Started>(O.titleUploadStart.path, {
          metaId: film,
          fileName: 'quiet.mp4',
          size: 4,
          type: 'video/mp4',
          lastModified: 1,
        })
      ).upload.uploadId;
      const chunk = await fetch(`${t.url}${O.titleUploadChunk.path}?uploadId=${upload}&offset=0`, {
        method: 'POST',
        headers: { cookie: admin.cookie, origin: t.url, 'content-type': 'application/octet-stream' },
        body: Buffer.from('ab'),
      });
      if (chunk.status !== 200) failed.push(`chunk: ${chunk.status}`);
    });
    expect(failed).toEqual([]);
    expect(asked).toEqual([]);
    const audit = await auditEntries((eb) => eb('action', 'like', 'title.%'));
    expect(audit.slice(-9).map((e) => e.action)).toEqual([
      'title.create',
      'title.update',
      'title.credits',
      'title.publish',
      'title.credits',
      'title.season.add',
      'title.publish',
      'title.unpublish',
      'title.upload',
    ]);
    // The series went into the catalogue with its episode; the film came out of it with its search row.
    const found = await t.post(contract.vod.search.path, { keyword: 'Quiet' });
    const names = JSON.stringify(found.body.data);
    expect(names).toContain('Quiet series');
    expect(names).not.toContain('Quiet film');
  });

  it("the line-up's edits (a channel and a category made, changed, moved and removed, a programme changed), each with its audit entry, ask nothing synchronously", async () => {
    const { failed, post } = consoleCalls();
    const O = oc.operator;
    type Category = { category: { columnId: string } };
    type Channel = { channel: { logicalChannelId: string } };
    // Warm: the line-up screen's read and a guide day, as the console opens them before any edit.
    await t.get(O.lineupList.path, { cookie: admin.cookie });
    const today = new Date(t.clock.now).toISOString().slice(0, 10);
    type Day = { programmes: { programId: string; start: number; stop: number }[] };
    const guideDay = (
      await t.get(`${O.lineupGuideDay.path}?logicalChannelId=lc-001&day=${today}`, { cookie: admin.cookie })
    ).body.data as Day;
    const programme = guideDay.programmes[0];
    const asked = await synchronousQueries(t.server.db, async () => {
      await post(O.lineupProgrammeSave.path, {
        logicalChannelId: 'lc-001',
        day: today,
        programId: programme?.programId,
        lang: 'en',
        title: 'Quiet special',
        description: 'Edited on the asynchronous store',
        start: programme?.start,
        stop: programme?.stop,
      });
      const column = (await post<Category>(O.lineupCategorySave.path, { name: 'Quiet news' })).category
        .columnId;
      await post(O.lineupCategorySave.path, { columnId: column, name: 'Quiet world' });
      await post(O.lineupCategoryMove.path, { columnId: column, direction: 'up' });
      const form = { name: 'Quiet one', number: 901, productId: 'free', columnIds: [column], rules: [] };
      const id = (await post<Channel>(O.lineupChannelSave.path, form)).channel.logicalChannelId;
      const rules = [{ action: 'deny', ruleType: 'region', ruleValue: 'FR' }];
      await post(O.lineupChannelSave.path, { ...form, logicalChannelId: id, name: 'Quiet two', rules });
      await post(O.lineupChannelMove.path, { logicalChannelId: id, direction: 'up' });
      await post(O.lineupChannelDelete.path, { logicalChannelId: id });
      await post(O.lineupCategoryDelete.path, { columnId: column });
    });
    expect(failed).toEqual([]);
    expect(asked).toEqual([]);
    const audit = await auditEntries((eb) =>
      eb.or([eb('action', 'like', 'channel.%'), eb('action', 'like', 'category.%')]),
    );
    expect(audit.slice(-8).map((e) => e.action)).toEqual([
      'category.add',
      'category.rename',
      'category.move',
      'channel.add',
      'channel.update',
      'channel.move',
      'channel.delete',
      'category.delete',
    ]);
  });

  it("a source's edits (added, changed, removed), each with its audit entry, ask nothing synchronously", async () => {
    const { failed, post } = consoleCalls();
    const O = oc.operator;
    const asked = await synchronousQueries(t.server.db, async () => {
      await post(O.sourceAdd.path, {
        name: 'Quiet feed',
        kind: 'm3u',
        url: 'http://127.0.0.1:9/quiet-feed.m3u',
      });
      await post(O.sourceEdit.path, {
        name: 'Quiet feed',
        url: 'http://127.0.0.1:9/quiet-feed-2.m3u',
        refreshMinutes: 120,
      });
      await post(O.sourceRemove.path, { name: 'Quiet feed' });
    });
    expect(failed).toEqual([]);
    expect(asked).toEqual([]);
    const audit = await auditEntries((eb) => eb('target', '=', 'Quiet feed'));
    expect(audit.map((e) => e.action)).toEqual(['source.add', 'source.edit', 'source.remove']);
  });

  it('two sources added at once both land; the same name twice is refused in words', async () => {
    const { post } = consoleCalls();
    const O = oc.operator;
    const add = (name: string) =>
      t.post(
        O.sourceAdd.path,
        { name, kind: 'm3u', url: `http://127.0.0.1:9/${encodeURIComponent(name)}.m3u` },
        {
          cookie: admin.cookie,
          origin: t.url,
        },
      );
    const [a, b] = await Promise.all([add('At once A'), add('At once B')]);
    expect([a.body.errCode, b.body.errCode]).toEqual([0, 0]);
    const [c, d] = await Promise.all([add('At once C'), add('At once C')]);
    // One of them lands, the other is refused in the console's words (never a database's).
    expect([c.body.errCode === 0, d.body.errCode === 0].sort()).toEqual([false, true]);
    expect([c.body.errMsg, d.body.errMsg]).toContain("A source named 'At once C' exists already");
    for (const name of ['At once A', 'At once B', 'At once C']) await post(O.sourceRemove.path, { name });
  });

  it("the home page's edits, each with its audit entry, ask nothing synchronously", async () => {
    const { headers, failed, post } = consoleCalls();
    const O = oc.operator;
    const title = await t.server.db.kysely
      .selectFrom('vod_metas')
      .select('meta_id')
      .limit(1)
      .executeTakeFirstOrThrow();
    type Layout = { banners: { bannerItemId: string }[]; rows: { playlistId: string; name: string }[] };
    const layout = async () => (await t.get(O.homeGet.path, headers)).body.data as Layout;
    const before = await layout();
    const asked = await synchronousQueries(t.server.db, async () => {
      const banner = (await post<Layout>(O.homeBannerAdd.path, { metaId: title.meta_id })).banners.at(
        -1,
      )?.bannerItemId;
      const rows = (await post<Layout>(O.homeRowAdd.path, { name: 'Quiet row', rule: 'newest' })).rows;
      const row = rows.at(-1)?.playlistId ?? '';
      await post(O.homeRowOrder.path, { playlistIds: [row, ...rows.slice(0, -1).map((r) => r.playlistId)] });
      await post(O.homeRowRemove.path, { playlistId: row });
      await post(O.homeBannerRemove.path, { bannerItemId: banner });
    });
    expect(failed).toEqual([]);
    expect(asked).toEqual([]);
    expect(await layout()).toEqual(before);
    const audit = await auditEntries((eb) => eb('action', 'like', 'home.%'));
    expect(audit.map((e) => e.action)).toEqual([
      'home.banner.add',
      'home.row.add',
      'home.row.order',
      'home.row.remove',
      'home.banner.remove',
    ]);
  });
  it("the notices' and notifications' edits, each with its audit entry, ask nothing synchronously", async () => {
    const { headers, failed, post } = consoleCalls();
    const O = oc.operator;
    const notice = {
      priority: 2,
      title: 'Quiet',
      msg: 'Maintenance at 2am',
      displayMode: [0, 3],
      displayChannel: ['lc-001'],
      displayInterval: 0,
      displayTimes: 1,
      properties: { backgroundcolor: '#112233', textcolor: '#ffffff', textsize: 18 },
    };
    let made: { id: string; displayMode: number[]; displayChannel: string[] } | undefined;
    let gone: { status: string } | undefined;
    const asked = await synchronousQueries(t.server.db, async () => {
      made = (await post(O.noticeCreate.path, notice)).notice as typeof made;
      // The notices moved: the console's list and a visitor's notices read them again, on the asynchronous store.
      const listed = (await t.get(O.noticeList.path, headers)).body.data as { notices: { id: string }[] };
      if (!listed.notices.some((n) => n.id === made?.id)) failed.push('the new notice is not listed');
      const shown = (await t.post(contract.message.publicNotice.path, {})).body.data as {
        noticeList: { id: string }[];
      };
      if (!shown.noticeList.some((n) => n.id === made?.id)) failed.push('the new notice is not shown');
      gone = (await post(O.noticeWithdraw.path, { noticeId: made?.id })).notice as typeof gone;
      await post(O.notificationSend.path, { to: 'demo@ottkit.test', title: 'Quiet', content: 'One' });
      await post(O.notificationBroadcast.path, { title: 'Quiet all', content: 'Everybody' });
    });
    expect(failed).toEqual([]);
    expect(asked).toEqual([]);
    expect(made).toMatchObject({ displayMode: [0, 3], displayChannel: ['lc-001'] });
    expect(gone?.status).toBe('withdrawn');
    const audit = await auditEntries((eb) =>
      eb.or([eb('action', 'like', 'notice.%'), eb('action', 'like', 'notification.%')]),
    );
    expect(audit.map((e) => e.action)).toEqual([
      'notice.publish',
      'notice.withdraw',
      'notification.send',
      'notification.broadcast',
    ]);
  });
  it('a batch of codes made at once and voided, a code and then the rest, asks nothing synchronously', async () => {
    const { failed, post } = consoleCalls();
    const O = oc.operator;
    type Made = { batch: { batchId: string; total: number }; codes: string[] };
    type Voided = { batch: { voided: number }; voided: number };
    const voids: Voided[] = [];
    let made: Made | undefined;
    const asked = await synchronousQueries(t.server.db, async () => {
      made = await post<Made>(O.codeBatchCreate.path, { planId: 'plan-monthly', count: 3 });
      const batchId = made.batch.batchId;
      voids.push(await post<Voided>(O.codeVoid.path, { batchId, code: made.codes[0] }));
      voids.push(await post<Voided>(O.codeVoid.path, { batchId }));
    });
    expect(failed).toEqual([]);
    expect(asked).toEqual([]);
    expect(made?.batch.total).toBe(3);
    expect(new Set(made?.codes).size).toBe(3);
    expect(voids.map((v) => [v.voided, v.batch.voided])).toEqual([
      [1, 1],
      [2, 3],
    ]);
    const audit = await auditEntries((eb) => eb('target', 'like', `${made?.batch.batchId}%`));
    expect(audit.map((e) => e.action)).toEqual(['codes.create', 'codes.voidCode', 'codes.voidBatch']);
  });
  it('a plan made and changed, and the settings changed, ask nothing synchronously', async () => {
    const { failed, post } = consoleCalls();
    const O = oc.operator;
    const plan = {
      planId: 'plan-quiet',
      url: '',
      price: 2.5,
      currency: 'USD',
      discountPrice: 2,
      discountCurrency: 'USD',
      productId: 'live-basic',
      durationDays: 7,
      planLang: [
        { lang: 'en', planName: 'Quiet week', description: 'Seven days' },
        { lang: 'es', planName: 'Semana tranquila', description: 'Siete días' },
      ],
    };
    const answers: Record<string, unknown>[] = [];
    const asked = await synchronousQueries(t.server.db, async () => {
      answers.push(await post(O.planSave.path, plan));
      answers.push(await post(O.planSave.path, { ...plan, price: 3 }));
      answers.push(await post(O.settingsUpdate.path, { 'layout.hide_unsubscribe_channel': true }));
    });
    expect(failed).toEqual([]);
    expect(asked).toEqual([]);
    expect(answers[1]?.plan).toMatchObject({ price: 3, planLang: plan.planLang });
    expect(answers[2]?.settings).toMatchObject({ 'layout.hide_unsubscribe_channel': true });
    const audit = await auditEntries((eb) =>
      eb.or([eb('action', 'like', 'plan.%'), eb('action', '=', 'settings.update')]),
    );
    expect(audit).toEqual([
      { action: 'plan.create', target: 'plan-quiet' },
      { action: 'plan.update', target: 'plan-quiet' },
      { action: 'settings.update', target: 'layout.hide_unsubscribe_channel' },
    ]);
  });

  it("a subscriber's plan granted and ended, and the zero-trust manifest sealed, each with its audit entry, ask nothing synchronously", async () => {
    const { failed, post } = consoleCalls();
    const O = oc.operator;
    const accountId = 'acc-demo-free';
    const manifest = { version: 1, operatorName: 'Quiet TV', apiBaseUrl: '', mediaBaseUrl: '' };
    let link = '';
    const asked = await synchronousQueries(t.server.db, async () => {
      await post(O.subscriberGrantPlan.path, { accountId, planId: 'plan-sports' });
      await post(O.subscriberEndPlan.path, { accountId, productId: 'live-sports' });
      const sealed = await post<{ shareLink: string }>(O.zeroTrustSeal.path, {
        manifest: JSON.stringify(manifest),
        required: false,
        siteUrl: 'https://tv.example',
      });
      link = sealed.shareLink;
    });
    expect(failed).toEqual([]);
    expect(asked).toEqual([]);
    expect(link).toMatch(/^https:\/\/tv\.example/);
    const audit = await auditEntries((eb) =>
      eb.or([eb('target', '=', accountId), eb('action', '=', 'settings.seal')]),
    );
    expect(audit).toEqual([
      { action: 'subscriber.grantPlan', target: accountId },
      { action: 'subscriber.endPlan', target: accountId },
      { action: 'settings.seal', target: 'zeroTrust' },
    ]);
  });
});
