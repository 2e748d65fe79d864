import { contract } from '@ottkit/api-client';
import {
  type ConsoleTitle,
  type Job,
  OperatorErrCode,
  titleCreate,
  titleEpisodeAdd,
  titleGet,
  titleList,
  titleParts,
  titlePublish,
  titleSeasonAdd,
  titleUnpublish,
  titleUpdate,
  titleUploadChunk,
  titleUploadStart,
} from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../src/store/db.ts';
import { migrate, migrations } from '../src/store/migrations.ts';
import type { ApiAnswer, TestServer } from './helpers.ts';
import { type SignedIn, signInOperator, testClip } from './operatorHelpers.ts';
import { startServerOnTinyMedia } from './origin-fixture.ts';
import { loginToken, vodCall, vodData } from './vodHelpers.ts';

// Issue 18 §4 (decision 0280): an editor makes a series with a season and an episode, the episode gets its own
// video through the titles' upload and transcode, publishing writes the series, season and episode into the
// catalogue the site reads, edits follow, and unpublishing takes all of it out.

let t: TestServer;
let editor: SignedIn;
let support: SignedIn;
let video: Buffer;

beforeAll(async () => {
  process.env.OTTKIT_MEDIA_PROFILE = 'tiny';
  t = await startServerOnTinyMedia();
  editor = await signInOperator(t, 'series-editor@ottkit.test', 'editor');
  support = await signInOperator(t, 'series-support@ottkit.test', 'support');
  video = testClip(t.dataDir, 'episode.mp4', 3);
}, 300_000);
afterAll(() => t?.close());

const as = (who: SignedIn) => ({ cookie: who.cookie });
const data = <T>(a: ApiAnswer): T => {
  expect(a.body.errMsg, `HTTP ${a.status}`).toBe('success');
  return a.body.data as T;
};
const text = (title: string) => ({ title, plot: `${title}.` });

async function uploadAndTranscode(metaId: string): Promise<ConsoleTitle> {
  const file = { metaId, fileName: 'episode.mp4', size: video.length, type: 'video/mp4', lastModified: 3 };
  const { upload } = data<{ upload: { uploadId: string } }>(
    await t.post(titleUploadStart.path, file, as(editor)),
  );
  const res = await fetch(`${t.url}${titleUploadChunk.path}?uploadId=${upload.uploadId}&offset=0`, {
    method: 'POST',
    headers: { ...as(editor), 'content-type': 'application/octet-stream' },
    body: new Uint8Array(video),
  });
  expect(((await res.json()) as { data: { job: Job } }).data.job.kind).toBe('title.transcode');
  let got: ConsoleTitle | undefined;
  await expect
    .poll(
      async () => {
        got = data<{ title: ConsoleTitle }>(
          await t.get(`${titleGet.path}?metaId=${metaId}`, as(editor)),
        ).title;
        return got.job?.status;
      },
      { timeout: 120_000, interval: 250 },
    )
    .toBe('succeeded');
  return got as ConsoleTitle;
}

describe('series, seasons and episodes in the console', () => {
  it('makes a series with a season and an episode, publishes it, edits it, unpublishes it', async () => {
    const { title: series } = data<{ title: ConsoleTitle }>(
      await t.post(
        titleCreate.path,
        { metaType: 'SERIES', vodType: 'series', releaseYear: 2025, en: text('Tide Tables') },
        as(editor),
      ),
    );
    expect(series).toMatchObject({ metaType: 'SERIES', status: 'draft' });
    const sid = series.metaId;

    // Support reads but may not add; an episode needs its season; numbers are unique per series.
    const denied = await t.post(
      titleSeasonAdd.path,
      { seriesId: sid, seasonNo: 1, en: text('S') },
      as(support),
    );
    expect([denied.status, denied.body.errCode]).toEqual([403, OperatorErrCode.ROLE_REFUSED]);
    const orphan = await t.post(
      titleEpisodeAdd.path,
      { seriesId: sid, seasonNo: 1, episodeNo: 1, en: text('Pilot') },
      as(editor),
    );
    expect([orphan.status, orphan.body.errMsg]).toEqual([
      404,
      'The series has no such season: add the season first',
    ]);
    const { title: season } = data<{ title: ConsoleTitle }>(
      await t.post(titleSeasonAdd.path, { seriesId: sid, seasonNo: 1, en: text('Season 1') }, as(editor)),
    );
    const again = await t.post(
      titleSeasonAdd.path,
      { seriesId: sid, seasonNo: 1, en: text('Again') },
      as(editor),
    );
    expect([again.status, again.body.errCode]).toEqual([409, OperatorErrCode.PART_TAKEN]);
    const badNo = await t.post(
      titleSeasonAdd.path,
      { seriesId: sid, seasonNo: 0, en: text('Zero') },
      as(editor),
    );
    expect(badNo.body.errMsg).toContain('A season number from 1 to 999');
    const { title: episode } = data<{ title: ConsoleTitle }>(
      await t.post(
        titleEpisodeAdd.path,
        { seriesId: sid, seasonNo: 1, episodeNo: 1, en: text('Low Water'), pt: text('Maré Baixa') },
        as(editor),
      ),
    );
    expect(episode).toMatchObject({ metaType: 'EPISODE', seriesId: sid, seasonNo: 1, episodeNo: 1 });
    expect(episode.vodType).toBe('series');

    // The list shows the series only; its parts come in order, readable by support.
    const list = data<{ titles: ConsoleTitle[] }>(await t.get(titleList.path, as(support))).titles;
    expect(list.map((x) => x.metaId)).toContain(sid);
    expect(list.map((x) => x.metaId)).not.toContain(episode.metaId);
    const parts = data<{ parts: ConsoleTitle[] }>(
      await t.get(`${titleParts.path}?metaId=${sid}`, as(support)),
    );
    expect(parts.parts.map((p) => p.metaId)).toEqual([season.metaId, episode.metaId]);

    // A series has no video of its own; publishing waits for an episode's.
    const seriesUpload = await t.post(
      titleUploadStart.path,
      { metaId: sid, fileName: 'x.mp4', size: 10, type: 'video/mp4', lastModified: 1 },
      as(editor),
    );
    expect(seriesUpload.status).toBe(400);
    const early = await t.post(titlePublish.path, { metaId: sid }, as(editor));
    expect([early.status, early.body.errCode]).toEqual([409, OperatorErrCode.NOT_READY]);

    const done = await uploadAndTranscode(episode.metaId);
    expect(done.assetId).toMatch(/^up-/);
    // Publishing from the episode publishes its whole series.
    data(await t.post(titlePublish.path, { metaId: episode.metaId }, as(editor)));

    const token = await loginToken(t);
    const detail = await vodData(t, contract.vod.detail, { metaId: sid }, token);
    expect(detail).toMatchObject({ metaType: 'SERIES', title: 'Tide Tables' });
    expect(detail.seasons).toEqual([{ metaId: season.metaId, season: 1, title: 'Season 1' }]);
    const eps = await vodData(t, contract.vod.episodes, { metaId: sid, season: 1 }, token);
    expect(eps.seasonId).toBe(season.metaId);
    expect(eps.list.map((e) => [e.metaId, e.title])).toEqual([[episode.metaId, 'Low Water']]);
    const { url } = await vodData(t, contract.vod.playSource, { metaId: episode.metaId }, token);
    expect((await fetch(new URL(url, t.url))).status).toBe(200);
    const found = await vodData(t, contract.vod.search, { keyword: 'Tide Tables' }, token);
    expect(JSON.stringify(found)).toContain(sid);

    // Renaming the published episode and changing the series' year reach the catalogue.
    data(
      await t.post(
        titleUpdate.path,
        { metaId: episode.metaId, vodType: 'movie', releaseYear: 1999, en: text('Slack Water') },
        as(editor),
      ),
    );
    data(
      await t.post(
        titleUpdate.path,
        { metaId: sid, vodType: 'kids', releaseYear: 2024, en: text('Tide Tables') },
        as(editor),
      ),
    );
    const ep = await vodData(t, contract.vod.detail, { metaId: episode.metaId }, token);
    expect(ep).toMatchObject({ title: 'Slack Water', year: 2024, vodType: 'kids' });

    // Unpublishing the series takes the season and the episode with it; the drafts stay.
    const part = await t.post(titleUnpublish.path, { metaId: episode.metaId }, as(editor));
    expect(part.status).toBe(409);
    const off = data<{ title: ConsoleTitle }>(await t.post(titleUnpublish.path, { metaId: sid }, as(editor)));
    expect(off.title.status).toBe('draft');
    for (const id of [sid, season.metaId, episode.metaId]) {
      expect((await vodCall(t, contract.vod.detail, { metaId: id }, token)).body.errMsg).not.toBe('success');
    }
    const after = data<{ parts: ConsoleTitle[] }>(
      await t.get(`${titleParts.path}?metaId=${sid}`, as(editor)),
    );
    expect(after.parts.map((p) => [p.status, p.assetId !== undefined])).toEqual([
      ['draft', false],
      ['draft', true],
    ]);

    const audit = (target: string) =>
      t.server.db
        .all<{ action: string; before_json: string | null; after_json: string | null }>(
          'SELECT action, before_json, after_json FROM operator_audit WHERE target = ? ORDER BY seq',
          target,
        )
        .map((r) => r.action);
    expect(audit(sid)).toEqual(['title.create', 'title.update', 'title.unpublish']);
    expect(audit(season.metaId)).toEqual(['title.season.add']);
    expect(audit(episode.metaId)).toEqual([
      'title.episode.add',
      'title.upload',
      'title.transcode',
      'title.publish',
      'title.update',
    ]);
    expect(t.errors).toEqual([]);
  }, 180_000);
});

describe('migration 455', () => {
  it('keeps the console titles, texts, uploads and credits it rebuilds', () => {
    const db = openDb(':memory:');
    migrate(
      db,
      migrations.filter((m) => m.version < 455),
    );
    db.run(
      `INSERT INTO console_titles (meta_id, meta_type, vod_type, release_year, created_by, created_at, updated_at)
       VALUES ('m-1', 'MOVIE', 'movie', 2020, 'op', 1, 1)`,
    );
    db.run("INSERT INTO console_title_texts VALUES ('m-1', 'en', 'Kept', 'Plot')");
    db.run("INSERT INTO title_uploads VALUES ('upl-1', 'm-1', 'a.mp4', 10, 'f', 'op', 1)");
    db.run("INSERT INTO console_title_credits VALUES ('m-1', 'genre', 'Drama', 0)");
    expect(migrate(db)).toContain(455);
    const count = (table: string) => db.get<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)?.n;
    expect(
      ['console_titles', 'console_title_texts', 'title_uploads', 'console_title_credits'].map(count),
    ).toEqual([1, 1, 1, 1]);
    // The rebuilt children still cascade from the rebuilt parent.
    db.run("DELETE FROM console_titles WHERE meta_id = 'm-1'");
    expect(['console_title_texts', 'title_uploads', 'console_title_credits'].map(count)).toEqual([0, 0, 0]);
    db.close();
  });
});
