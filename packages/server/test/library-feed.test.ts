import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contract } from '@ottkit/api-client';
import {
  type AuditEntry,
  type Job,
  type Library,
  OperatorErrCode,
  titleArtwork,
  titleParts,
} from '@ottkit/api-client/contract';
import { artworkFile } from '../src/operator/titleArtwork.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from './helpers.ts';
import {
  ffmpeg,
  finished,
  hlsOut,
  pattern,
  searched,
  startLibraryServer,
  titleNamed as titleOf,
} from './libraryHelpers.ts';
import { serveFolder } from './liveSource.ts';
import type { SignedIn } from './operatorHelpers.ts';
import { parseM3u8 } from './origin-fixture.ts';
import { synchronousQueries } from './synchronousQueries.ts';
import { loginToken, vodData } from './vodHelpers.ts';

// Issue 42 (decision 0435): an editor names an MRSS feed a library; its title whose media is HLS already is
// imported without a transcode and played from the feed's URL through the origin, under the title's media token;
// the origin fetches only what the asset's playlists named, never an internal address; a feed that answers a web
// page keeps the catalogue as it was; a secret in the feed's URL is shown nowhere.

let t: TestServer;
let editor: SignedIn;
let admin: SignedIn;
let close: () => Promise<void>;
let upstream: Server;
let dir: string;
let base: string;

const call = (path: string, body: object, who: SignedIn = editor) =>
  t.post(path, body, { cookie: who.cookie });
const P = '/admin/api/libraries/';

const item = (guid: string, title: string, media: string, extra = '') =>
  `<item><guid>${guid}</guid><title>${title}</title>${extra}<media:content url="${media}" duration="4"/></item>`;
const feed = (...items: string[]) =>
  `<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Films</title>${items.join('')}</channel></rss>`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ottkit-feed-'));
  // A real HLS film of 4 s (two segments) behind a multivariant playlist, as a CDN would serve it.
  ffmpeg([...pattern(4), ...hlsOut(dir, 'index.m3u8')]);
  writeFileSync(
    join(dir, 'master.m3u8'),
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=320x180\nindex.m3u8\n',
  );
  copyFileSync(join(dir, 'master.m3u8'), join(dir, 'master2.m3u8'));
  // A film that is not HLS: transcoded from its address, read through the pull relay.
  ffmpeg([...pattern(2, false), '-movflags', '+faststart', join(dir, 'film-2.mp4')]);
  // A playlist that names an internal address: the origin must never fetch it.
  writeFileSync(
    join(dir, 'evil.m3u8'),
    '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nhttp://169.254.169.254/latest/meta-data/index.m3u8\n',
  );
  upstream = await serveFolder(dir, 0);
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  writeFileSync(
    join(dir, 'films.rss'),
    feed(
      item(
        'film-1',
        'Harbour Lights',
        `${base}/master.m3u8`,
        `<title xml:lang="es">Luces del puerto</title><media:credit role="actor">Inés Marlow</media:credit><media:thumbnail url="${base}/poster.png"/>`,
      ),
      item('film-2', 'A file', `${base}/film-2.mp4`),
      item('film-3', 'Internal', 'http://10.255.255.1/films/3/master.m3u8'),
      item('film-4', 'Pointing inside', `${base}/evil.m3u8`, `<media:thumbnail url="${base}/evil.m3u8"/>`),
    ),
  );
  for (const [color, file] of [
    ['navy', 'poster.png'],
    ['maroon', 'poster2.png'],
  ])
    ffmpeg(['-f', 'lavfi', '-i', `color=c=${color}:s=200x300`, '-frames:v', '1', join(dir, file as string)]);
  ({ t, editor, admin, close } = await startLibraryServer());
}, 120_000);
afterAll(async () => {
  await close?.();
  await new Promise((r) => upstream?.close(r));
  rmSync(dir, { recursive: true, force: true });
});

const importJob = async () =>
  finished(t, editor, ((await call(`${P}import`, { name: 'Feed' })).body.data as { job: Job }).job);
const titleNamed = (name: string) => titleOf(t, editor, name);

describe('a feed library', () => {
  it('is added with its URL, a secret in it shown nowhere; a folder and a feed together are refused', async () => {
    const both = await call(`${P}add`, { name: 'Both', feed: `${base}/films.rss`, folder: '/srv' });
    expect(both.status).toBe(400);
    const notUrl = await call(`${P}add`, { name: 'Ftp', feed: 'ftp://example.com/films.rss' });
    expect(notUrl.status).toBe(400);
    const add = await call(`${P}add`, {
      name: 'Feed',
      feed: `${base}/films.rss?password=hunter2`,
      publish: true,
    });
    expect(add.body.errCode).toBe(0);
    const library = (add.body.data as { library: Library }).library;
    expect(library).toMatchObject({ name: 'Feed', folder: '', feed: `${base}/films.rss?password=***` });
  });

  it('previews its entries', async () => {
    const preview = await call(`${P}preview`, { name: 'Feed' });
    expect(preview.body.data).toMatchObject({
      added: [
        { path: 'film-1', title: 'Harbour Lights', from: 'feed' },
        { path: 'film-2', title: 'A file', from: 'feed' },
        { path: 'film-3', title: 'Internal', from: 'feed' },
        { path: 'film-4', title: 'Pointing inside', from: 'feed' },
      ],
      unreadable: [],
      unchanged: 0,
    });
  });

  it('imports an HLS film without a transcode and an MP4 transcoded from its address; a subscriber finds the first by its actor in Spanish and plays it through the origin', async () => {
    const job = await importJob();
    expect(job).toMatchObject({ kind: 'library.import', status: 'succeeded' });
    expect(job.message).toBe(
      'Added 4 films and 0 episodes, 0 changed, 0 titles taken out, 3 played from the feed, 1 transcoded, 4 published, 1 picture brought in, 1 picture not read',
    );
    // No transcode ran for the HLS film: the console marks it as played from its feed.
    const title = await titleNamed('Harbour');
    expect(title).toMatchObject({ status: 'published', remoteVideo: `${base}/master.m3u8`, durationSec: 4 });
    // Its thumbnail is its poster; a thumbnail that is no picture (a playlist) leaves the drawn one.
    expect(title?.artwork).toEqual(['poster']);
    expect((await titleNamed('Pointing'))?.artwork).toEqual([]);
    expect(title?.job).toBeUndefined();
    // The MP4 was transcoded from its address into the ladder, as an upload would be.
    const file = await titleNamed('A file');
    expect(file).toMatchObject({ status: 'published', durationSec: 2, job: { status: 'succeeded' } });
    expect(file?.remoteVideo).toBeUndefined();

    expect(await searched(t, 'Marlow')).toContain('Luces del puerto');

    const token = await loginToken(t);
    const play = await vodData(t, contract.vod.playSource, { metaId: title?.metaId }, token);
    const master = new URL(play.url, t.url);
    const res = await fetch(master);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    const text = await res.text();
    // The upstream's address never reaches the player: every URI is one of the asset's own names.
    expect(text).not.toContain('127.0.0.1');
    const variant = new URL(parseM3u8(text).playlists?.[0]?.uri as string, master);
    expect(variant.pathname).toMatch(
      new RegExp(`^${master.pathname.replace('master.m3u8', '')}[\\w-]+\\.m3u8$`),
    );
    const media = parseM3u8(await (await fetch(variant)).text());
    expect(media.endList).toBe(true);
    expect(media.segments).toHaveLength(2);
    const first = new URL(media.segments[0]?.uri as string, variant);
    const segment = await fetch(first);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    expect(Buffer.from(await segment.arrayBuffer()).equals(readFileSync(join(dir, 'seg0.ts')))).toBe(true);

    // A name whose MAC is not the asset's is not fetched; nor is anything without the token.
    const name = first.pathname.split('/').pop() as string;
    const forged = new URL(first);
    forged.pathname = first.pathname.replace(name, `${name[0] === 'A' ? 'B' : 'A'}${name.slice(1)}`);
    expect((await fetch(forged)).status).toBe(404);
    const bare = new URL(first);
    bare.search = '';
    expect((await fetch(bare)).status).toBe(403);
  }, 60_000);

  it('never fetches an internal address, named by the feed or by a playlist', async () => {
    const token = await loginToken(t);
    const playOf = async (name: string) =>
      new URL(
        (await vodData(t, contract.vod.playSource, { metaId: (await titleNamed(name))?.metaId }, token)).url,
        t.url,
      );
    const internal = await fetch(await playOf('Internal'));
    expect(internal.status).toBe(403);
    expect(await internal.text()).toBe('forbidden: the title’s source is not allowed');
    const pointing = await playOf('Pointing');
    const variant = parseM3u8(await (await fetch(pointing)).text()).playlists?.[0]?.uri as string;
    expect(variant).not.toContain('169.254');
    expect((await fetch(new URL(variant, pointing))).status).toBe(403);
  });

  it('imports a changed entry again, an episode, and takes a gone one out; a feed answering a web page changes nothing', async () => {
    const before = await titleNamed('Harbour');
    const file = await titleNamed('A file');
    const posterOf = (metaId = '') => readFileSync(artworkFile(t.dataDir, metaId, 'poster'));
    const firstPoster = posterOf(before?.metaId);
    /** The first film at its second address, naming `poster` as its picture. */
    const harbour = (poster: string) =>
      item('film-1', 'Harbour Lights', `${base}/master2.m3u8`, `<media:thumbnail url="${base}/${poster}"/>`);
    writeFileSync(
      join(dir, 'films.rss'),
      feed(
        // Its video moved and it names another poster: the library's own picture is replaced.
        harbour('poster2.png'),
        // Only its words and a poster: its texts are the feed's again, its video is not transcoded again.
        item(
          'film-2',
          'A file',
          `${base}/film-2.mp4`,
          `<description>Now with a plot.</description><media:thumbnail url="${base}/poster.png"/>`,
        ),
        item('film-3', 'Internal', 'http://10.255.255.1/films/3/master.m3u8'),
        // An item with an episode number: an episode of the channel's show.
        item('ep-1', 'Arrival', `${base}/master.m3u8`, '<itunes:episode>2</itunes:episode>'),
      ),
    );
    // The import makes, rewrites and publishes its titles on the asynchronous store (issue 39, decision 0438).
    let job: Job | undefined;
    const asked = await synchronousQueries(t.server.db, async () => {
      job = await importJob();
    });
    expect(asked).toEqual([]);
    expect(job?.message).toBe(
      'Added 0 films and 1 episode, 2 changed, 1 title taken out, 2 played from the feed, 2 published, 2 pictures brought in',
    );
    const after = await titleNamed('Harbour');
    expect(after?.remoteVideo).toBe(`${base}/master2.m3u8`);
    expect(after?.assetId).not.toBe(before?.assetId);
    expect(posterOf(after?.metaId).equals(firstPoster)).toBe(false);
    const rewritten = await titleNamed('A file');
    expect(rewritten).toMatchObject({
      assetId: file?.assetId,
      job: { jobId: file?.job?.jobId },
      artwork: ['poster'],
    });
    expect(rewritten?.texts.en?.plot).toBe('Now with a plot.');
    expect((await titleNamed('Pointing'))?.status).toBe('draft');
    const show = await titleNamed('Films');
    expect(show).toMatchObject({ metaType: 'SERIES', status: 'published' });
    const parts = await t.get(`${titleParts.path}?metaId=${show?.metaId}`, { cookie: editor.cookie });
    expect(
      titleParts.response
        .parse(parts.body.data)
        .parts.map((p) => [p.metaType, p.seasonNo, p.episodeNo, p.texts.en?.title]),
    ).toEqual([
      ['SEASON', 1, undefined, 'Season 1'],
      ['EPISODE', 1, 2, 'Arrival'],
    ]);

    // An editor's own poster is never replaced by the feed's.
    const own = readFileSync(join(dir, 'poster.png')).toString('base64');
    const up = await t.post(
      titleArtwork.path,
      { metaId: after?.metaId, kind: 'poster', image: own },
      { cookie: editor.cookie },
    );
    expect(up.status).toBe(200);
    const edited = posterOf(after?.metaId);
    writeFileSync(
      join(dir, 'films.rss'),
      feed(harbour('poster.png'), item('film-3', 'Internal', 'http://10.255.255.1/films/3/master.m3u8')),
    );
    expect((await importJob()).message).toBe('Added 0 films and 0 episodes, 1 changed, 2 titles taken out');
    expect(posterOf(after?.metaId).equals(edited)).toBe(true);

    writeFileSync(join(dir, 'films.rss'), '<!DOCTYPE html><html><body>Sign in</body></html>');
    const failed = await importJob();
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/films\.rss\?password=\*\*\* answered a web page, not a feed$/);
    expect((await titleNamed('Harbour'))?.status).toBe('published');
    const preview = await call(`${P}preview`, { name: 'Feed' });
    expect(preview.body.errCode).toBe(OperatorErrCode.SOURCE_FAILED);
    expect(preview.body.errMsg).toMatch(/films\.rss\?password=\*\*\* answered a web page, not a feed$/);
  }, 60_000);

  it('audits the library and its imports without the secret', async () => {
    const entries = (
      (await t.get('/admin/api/audit/list?action=library.', { cookie: admin.cookie })).body.data as {
        entries: AuditEntry[];
      }
    ).entries;
    expect(entries.filter((e) => e.action === 'library.import')).toHaveLength(3);
    expect(JSON.stringify(entries)).not.toContain('hunter2');
    expect(JSON.stringify(entries)).toContain('films.rss?password=***');
  });
});
