import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrCode } from '@ottkit/api-client';
import { type ConsoleTitle, titleArtwork, titleCreate, titleGet } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '../src/media/ffmpeg.ts';
import { startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';

// Issue 18 §4 (decision 0239): an editor uploads a title's poster; ottkit resizes it (never enlarged past the
// 2x box) and serves it at the title's artwork address instead of the drawn picture; bad files are refused.
let t: TestServer;
let editor: SignedIn;
let support: SignedIn;
let png: string;
beforeAll(async () => {
  t = await startServer();
  editor = await signInOperator(t, 'art-editor@ottkit.test', 'editor');
  support = await signInOperator(t, 'art-support@ottkit.test', 'support');
  const file = join(t.dataDir, 'poster.png');
  execFileSync(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=1000x1500:d=1'],
    ...['-frames:v', '1', file],
  ]);
  png = readFileSync(file).toString('base64');
});
afterAll(() => t.close());
const as = (who: SignedIn) => ({ cookie: who.cookie });

/** Width and height of a baseline JPEG, from its SOF0 segment. */
function jpegSize(b: Buffer): [number, number] {
  let i = 2;
  while (i < b.length) {
    const marker = b[i + 1] as number;
    const len = b.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xc2) return [b.readUInt16BE(i + 7), b.readUInt16BE(i + 5)];
    i += 2 + len;
  }
  throw new Error('no SOF');
}

describe('artwork of a console title', () => {
  it('resizes an uploaded poster and serves it at the title’s artwork address, audited', async () => {
    const made = await t.post(
      titleCreate.path,
      { vodType: 'movie', releaseYear: 2025, en: { title: 'Poster Test', plot: '' } },
      as(editor),
    );
    const metaId = (made.body.data as { title: ConsoleTitle }).title.metaId;
    const drawn = await fetch(`${t.url}/media/art/${metaId}/poster.svg`);
    // A draft is not in the catalogue: nothing is drawn for it yet.
    expect(drawn.status).toBe(404);

    expect(
      (await t.post(titleArtwork.path, { metaId, kind: 'poster', image: png }, as(support))).status,
    ).toBe(403);
    const up = await t.post(titleArtwork.path, { metaId, kind: 'poster', image: png }, as(editor));
    // The address has no extension: it answers a JPEG now, a drawn SVG before (decision 0326).
    expect(titleArtwork.response.parse(up.body.data)).toEqual({ url: `/media/art/${metaId}/poster` });
    const got = await t.get(`${titleGet.path}?metaId=${metaId}`, as(support));
    expect(titleGet.response.parse(got.body.data).title.artwork).toEqual(['poster']);

    const served = await fetch(`${t.url}/media/art/${metaId}/poster?lang=es`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(jpegSize(Buffer.from(await served.arrayBuffer()))).toEqual([800, 1200]);
    // The older address, ending in .svg, still leads to the picture but never answers a JPEG itself.
    const old = await fetch(`${t.url}/media/art/${metaId}/poster.svg?lang=es`, { redirect: 'manual' });
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(`/media/art/${metaId}/poster`);
    const followed = await fetch(`${t.url}/media/art/${metaId}/poster.svg`);
    expect([followed.url, followed.headers.get('content-type')]).toEqual([
      `${t.url}/media/art/${metaId}/poster`,
      'image/jpeg',
    ]);
    // Only the kind uploaded: the landscape is still not there.
    expect((await fetch(`${t.url}/media/art/${metaId}/landscape`)).status).toBe(404);

    const audit = t.server.db.get<{ before_json: string; after_json: string }>(
      "SELECT before_json, after_json FROM operator_audit WHERE action = 'title.poster' AND target = ?",
      metaId,
    )!;
    expect([JSON.parse(audit.before_json), JSON.parse(audit.after_json)]).toEqual(['drawn', 'uploaded']);
  });

  it('refuses a file that is not a PNG or JPEG in words, and an unknown title', async () => {
    const made = await t.post(
      titleCreate.path,
      { vodType: 'movie', releaseYear: 2025, en: { title: 'Not A Picture', plot: '' } },
      as(editor),
    );
    const metaId = (made.body.data as { title: ConsoleTitle }).title.metaId;
    const gif = Buffer.from('GIF89a-not-really-an-image').toString('base64');
    const bad = await t.post(titleArtwork.path, { metaId, kind: 'landscape', image: gif }, as(editor));
    expect([bad.status, bad.body.errCode, bad.body.errMsg]).toEqual([
      400,
      ErrCode.INVALID_REQUEST,
      'The picture must be a PNG or JPEG image',
    ]);
    const none = await t.post(
      titleArtwork.path,
      { metaId: 'm-none', kind: 'poster', image: png },
      as(editor),
    );
    expect(none.status).toBe(404);
  });
});
