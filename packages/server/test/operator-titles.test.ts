import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { contract } from '@ottkit/api-client';
import {
  type ConsoleTitle,
  type Job,
  OperatorErrCode,
  titleCreate,
  titleGet,
  titleList,
  titlePublish,
  titleUpdate,
  titleUploadChunk,
  titleUploadStart,
} from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer, TestServer } from './helpers.ts';
import { type SignedIn, signInOperator, testClip } from './operatorHelpers.ts';
import { parseM3u8, startServerOnTinyMedia } from './origin-fixture.ts';
import { loginToken, vodData } from './vodHelpers.ts';

// Issue 18 §4: an editor creates a movie, uploads its video in chunks (resuming from the server's offset),
// the transcode job turns it into the ladder, publishing puts it in the subscribers' catalogue, and it plays.

let t: TestServer;
let editor: SignedIn;
let support: SignedIn;
let video: Buffer;

beforeAll(async () => {
  process.env.OTTKIT_MEDIA_PROFILE = 'tiny';
  t = await startServerOnTinyMedia();
  editor = await signInOperator(t, 'titles-editor@ottkit.test', 'editor');
  support = await signInOperator(t, 'titles-support@ottkit.test', 'support');
  video = testClip(t.dataDir, 'clip.mp4', 5);
}, 300_000);
afterAll(() => t?.close());

const as = (who: SignedIn) => ({ cookie: who.cookie });
const data = <T>(a: ApiAnswer): T => {
  expect(a.body.errMsg, `HTTP ${a.status}`).toBe('success');
  return a.body.data as T;
};
const chunk = (uploadId: string, offset: number, bytes: Buffer, who = editor) =>
  fetch(`${t.url}${titleUploadChunk.path}?uploadId=${uploadId}&offset=${offset}`, {
    method: 'POST',
    headers: { ...as(who), 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as ApiAnswer['body'] }));

const form = {
  vodType: 'movie',
  releaseYear: 2026,
  en: { title: 'Harbour Lights', plot: 'Boats at dusk.' },
  pt: { title: 'Luzes do Porto', plot: 'Barcos ao entardecer.' },
};

describe('titles in the console', () => {
  it('support reads titles but may not change them', async () => {
    const a = await t.post(titleCreate.path, form, as(support));
    expect([a.status, a.body.errCode]).toEqual([403, OperatorErrCode.ROLE_REFUSED]);
    expect(data<{ titles: unknown[] }>(await t.get(titleList.path, as(support))).titles).toEqual([]);
    const c = await chunk('upl-x', 0, Buffer.from('x'), support);
    expect([c.status, c.body.errCode]).toEqual([403, OperatorErrCode.ROLE_REFUSED]);
  });

  it('refuses what is not a video, too large, or at the wrong offset, in words', async () => {
    const { title } = data<{ title: ConsoleTitle }>(await t.post(titleCreate.path, form, as(editor)));
    const base = { metaId: title.metaId, fileName: 'clip.mp4', size: 10, type: 'video/mp4', lastModified: 1 };
    const notVideo = await t.post(
      titleUploadStart.path,
      { ...base, fileName: 'a.pdf', type: 'application/pdf' },
      as(editor),
    );
    expect(notVideo.body.errMsg).toContain('Pick a video file');
    const huge = await t.post(titleUploadStart.path, { ...base, size: 30 * 1024 ** 3 }, as(editor));
    expect(huge.body.errMsg).toContain('at most 20 GB');
    const { upload } = data<{ upload: { uploadId: string } }>(
      await t.post(titleUploadStart.path, base, as(editor)),
    );
    const wrong = await chunk(upload.uploadId, 5, Buffer.from('abc'));
    expect([wrong.status, wrong.body.errCode]).toEqual([409, OperatorErrCode.UPLOAD_OFFSET]);
    const tooMuch = await chunk(upload.uploadId, 0, Buffer.alloc(11));
    expect(tooMuch.status).toBe(413);
    const publish = await t.post(titlePublish.path, { metaId: title.metaId }, as(editor));
    expect(publish.body.errCode).toBe(OperatorErrCode.NOT_READY);
    expect(t.errors).toEqual([]);
  });

  it('uploads in chunks, resumes from the server’s offset, transcodes, publishes, plays', async () => {
    const { title } = data<{ title: ConsoleTitle }>(await t.post(titleCreate.path, form, as(editor)));
    const file = {
      metaId: title.metaId,
      fileName: 'clip.mp4',
      size: video.length,
      type: 'video/mp4',
      lastModified: 7,
    };
    const first = data<{ upload: { uploadId: string; received: number } }>(
      await t.post(titleUploadStart.path, file, as(editor)),
    );
    const half = Math.floor(video.length / 2);
    expect((await chunk(first.upload.uploadId, 0, video.subarray(0, half))).status).toBe(200);
    // "After a reload": the same file picked again finds the upload and the server's offset.
    const again = data<{ upload: { uploadId: string; received: number } }>(
      await t.post(titleUploadStart.path, file, as(editor)),
    );
    expect(again.upload).toMatchObject({ uploadId: first.upload.uploadId, received: half });
    const last = await chunk(again.upload.uploadId, half, video.subarray(half));
    const done = data<{ upload: { status: string }; job: Job }>(last as ApiAnswer);
    expect(done.upload.status).toBe('uploaded');
    expect(done.job.kind).toBe('title.transcode');

    let got: ConsoleTitle = title;
    await expect
      .poll(
        async () => {
          got = data<{ title: ConsoleTitle }>(
            await t.get(`${titleGet.path}?metaId=${title.metaId}`, as(support)),
          ).title;
          return got.job?.status;
        },
        { timeout: 120_000, interval: 250 },
      )
      .toBe('succeeded');
    expect(got.assetId).toMatch(/^up-/);
    expect(got.durationSec).toBe(5);
    expect(got.status).toBe('draft');

    // A draft is nowhere in the subscribers' catalogue.
    const token = await loginToken(t);
    const before = await vodData(t, contract.vod.search, { keyword: 'Harbour Lights' }, token);
    expect(JSON.stringify(before)).not.toContain(title.metaId);

    const pub = data<{ title: ConsoleTitle }>(
      await t.post(titlePublish.path, { metaId: title.metaId }, as(editor)),
    );
    expect(pub.title.status).toBe('published');
    const found = await vodData(t, contract.vod.search, { keyword: 'Harbour Lights' }, token);
    expect(JSON.stringify(found)).toContain(title.metaId);

    const { url } = await vodData(t, contract.vod.playSource, { metaId: title.metaId }, token);
    const master = new URL(url, t.url);
    const variant = parseM3u8(await (await fetch(master)).text()).playlists?.[0]?.uri as string;
    const media = new URL(variant, master);
    const list = parseM3u8(await (await fetch(media)).text());
    expect(list.endList).toBe(true);
    expect(list.segments.length).toBe(3);
    expect(list.segments.reduce((s, x) => s + x.duration, 0)).toBeCloseTo(5, 1);
    const seg = await fetch(new URL(list.segments[2]?.uri as string, media));
    expect(seg.status).toBe(200);

    // An edit of a published title reaches the catalogue; every change is in the audit log.
    data(
      await t.post(
        titleUpdate.path,
        { metaId: title.metaId, ...form, en: { title: 'Harbour Nights', plot: '' } },
        as(editor),
      ),
    );
    const renamed = await vodData(t, contract.vod.search, { keyword: 'Harbour Nights' }, token);
    expect(JSON.stringify(renamed)).toContain(title.metaId);
    const actions = t.server.db
      .all<{ action: string; before_json: string | null }>(
        'SELECT action, before_json FROM operator_audit WHERE target = ? ORDER BY seq',
        title.metaId,
      )
      .map((r) => r.action);
    expect(actions).toEqual([
      'title.create',
      'title.upload',
      'title.transcode',
      'title.publish',
      'title.update',
    ]);
    expect(existsSync(join(t.dataDir, 'titles', got.assetId as string, 'source.json'))).toBe(true);
    expect(t.errors).toEqual([]);
  }, 180_000);
});
