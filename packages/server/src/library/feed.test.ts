import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, SourceError } from '../sources/input.ts';
import { readFeed, SERIES_SCHEME } from './feed.ts';

// Issue 42 (decision 0435): an MRSS feed and a CSV of titles read into a library's entries; a bad entry is listed
// with its reason, never the whole feed refused; a feed that is not one is refused in words.

const bodies: Record<string, { type: string; body: string }> = {};
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const b = bodies[req.url ?? ''];
    if (!b) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': b.type }).end(b.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

const serve = (path: string, body: string, type = 'application/rss+xml') => {
  bodies[path] = { type, body };
  return `${base}${path}`;
};
const limits = { ...DEFAULT_LIMITS, timeoutMs: 5000 };

/** Why the feed at `path` (answering `body`) is refused, in words; '' when it is read. */
const refusal = (path: string, body: string, type: string) =>
  readFeed(serve(path, body, type), 'en', limits).then(
    () => '',
    (e: unknown) => (e instanceof SourceError ? e.message : `not in words: ${String(e)}`),
  );

const MRSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">
<channel><title>Our films</title>
<item>
  <guid>film-1</guid>
  <title>The Lighthouse Keeper</title>
  <title xml:lang="es">El Farero</title>
  <description>A keeper and a storm.</description>
  <description xml:lang="es">Un farero y una tormenta.</description>
  <category>Drama</category>
  <media:content url="https://cdn.example.com/films/1/master.m3u8" type="application/x-mpegURL" duration="5400.4" lang="es"/>
  <media:credit role="actor">Inés Marlow</media:credit>
  <media:credit role="director">Tomás Velde</media:credit>
  <media:rating scheme="urn:mpaa">PG-13</media:rating>
</item>
<item><guid>film-2</guid><title>Only a file</title>
  <media:content url="https://cdn.example.com/films/2.mp4" type="video/mp4"/></item>
<item><guid>film-3</guid><title>No media</title></item>
<item><guid>film-4</guid><media:content url="https://cdn.example.com/4.m3u8"/></item>
<item><guid>film-1</guid><title>Twice</title><media:content url="https://cdn.example.com/5.m3u8"/></item>
<item><title>In a group</title>
  <media:group><media:content url="https://cdn.example.com/6.mp4"/><media:content url="https://cdn.example.com/6/index.m3u8"/></media:group></item>
</channel></rss>`;

describe('an MRSS feed', () => {
  it('reads each item into an entry, and lists each it cannot take with why', async () => {
    const scan = await readFeed(serve('/films.rss', MRSS), 'en', limits);
    expect(scan.entries.map((e) => e.path)).toEqual([
      'film-1',
      'film-2',
      'https://cdn.example.com/6/index.m3u8',
    ]);
    const [first, file, grouped] = scan.entries;
    expect(first).toMatchObject({
      from: 'feed',
      media: { url: 'https://cdn.example.com/films/1/master.m3u8', hls: true },
      durationSeconds: 5400,
      audioLanguages: ['es'],
      meta: {
        kind: 'movie',
        titles: { en: 'The Lighthouse Keeper', es: 'El Farero' },
        plots: { en: 'A keeper and a storm.', es: 'Un farero y una tormenta.' },
        genres: ['Drama'],
        cast: ['Inés Marlow'],
        directors: ['Tomás Velde'],
        rating: 'PG-13',
      },
    });
    // A video that is not HLS is transcoded from its address.
    expect(file?.media).toEqual({ url: 'https://cdn.example.com/films/2.mp4', hls: false });
    // An item without a guid is known by its media URL; of a group's media, the HLS one is taken.
    expect(grouped?.media).toEqual({ url: 'https://cdn.example.com/6/index.m3u8', hls: true });
    expect(scan.unreadable).toEqual([
      { path: 'film-3', reason: 'it names no media URL' },
      { path: 'film-4', reason: 'it gives no title' },
      { path: 'film-1', reason: 'its id repeats an earlier entry’s' },
    ]);
    // The same feed read again hashes the same; a changed entry does not.
    expect((await readFeed(`${base}/films.rss`, 'en', limits)).seen).toBe(scan.seen);
    const changed = await readFeed(serve('/changed.rss', MRSS.replace('5400.4', '5401')), 'en', limits);
    expect(changed.entries[0]?.digest).toBe(first?.digest);
    const moved = await readFeed(serve('/moved.rss', MRSS.replace('films/1/', 'films/1b/')), 'en', limits);
    expect(moved.entries[0]?.digest).not.toBe(first?.digest);
    expect(moved.seen).not.toBe(scan.seen);
  });

  it('reads an item with an episode number as an episode of its series', async () => {
    const show = `<?xml version="1.0"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel><title>Harbour Lights</title><image><title>A logo</title><url>https://cdn.example.com/l.png</url></image>
<item><guid>hl-1</guid><title>Arrival</title><itunes:season>2</itunes:season><itunes:episode>3</itunes:episode>
  <media:content url="https://cdn.example.com/hl/1.m3u8"/></item>
<item><guid>hl-2</guid><title>Pilot</title><itunes:episode>1</itunes:episode>
  <media:category scheme="${SERIES_SCHEME}">Night Ferry</media:category><category>Drama</category>
  <media:content url="https://cdn.example.com/nf/1.m3u8"/></item>
<item><guid>hl-3</guid><title>Not a number</title><itunes:episode>first</itunes:episode>
  <media:content url="https://cdn.example.com/nf/2.m3u8"/></item>
<item><guid>film</guid><title>A film</title><media:content url="https://cdn.example.com/f.m3u8"/></item>
</channel></rss>`;
    const scan = await readFeed(serve('/show.rss', show), 'en', limits);
    expect(scan.entries.map((e) => [e.path, e.meta])).toEqual([
      ['hl-1', expect.objectContaining({ kind: 'episode', series: 'Harbour Lights', season: 2, episode: 3 })],
      [
        'hl-2',
        expect.objectContaining({
          kind: 'episode',
          series: 'Night Ferry',
          season: 1,
          episode: 1,
          genres: ['Drama'],
        }),
      ],
      ['film', expect.objectContaining({ kind: 'movie' })],
    ]);
    expect(scan.unreadable).toEqual([
      { path: 'hl-3', reason: 'an episode needs its season and episode numbers' },
    ]);
  });

  it('refuses a web page, a damaged feed and an empty answer in words', async () => {
    const html = (path: string, body: string) => refusal(path, body, 'text/html');
    expect(await html('/page', '<!DOCTYPE html><html><body>Log in</body></html>')).toMatch(
      /answered a web page, not a feed$/,
    );
    expect(await html('/broken.rss', '<rss><channel><item><title>x</item></channel></rss>')).toMatch(
      /is not well-formed XML \(line 1, column \d+\): nothing was changed$/,
    );
    expect(await html('/empty', '')).toMatch(/answered nothing$/);
  });
});

describe('a CSV of titles', () => {
  it('reads films and episodes with their texts per language, and lists rows it cannot take', async () => {
    const csv = [
      'id,type,title,title_es,plot,year,genres,cast,series,season,episode,media,duration',
      'f1,movie,Harbour Lights,Luces del puerto,"A town, at night",2019,Drama|Mystery,Ana Ruiz|Leo Park,,,,https://cdn.example.com/f1.m3u8,600',
      'e1,episode,The Call,La llamada,,2020,,,"Night Shift",1,2,https://cdn.example.com/e1/index.m3u8,',
      'e2,episode,No number,,,,,,Night Shift,1,,https://cdn.example.com/e2.m3u8,',
      'f2,movie,A file,,,,,,,,,ftp://cdn.example.com/f2.m3u8,',
      'f3,movie,A broken address,,,,,,,,,http://[cdn/f3.m3u8,',
    ].join('\r\n');
    const scan = await readFeed(serve('/titles.csv', `\ufeff${csv}\r\n`, 'text/csv'), 'en', limits);
    expect(scan.entries.map((e) => e.path)).toEqual(['f1', 'e1']);
    expect(scan.entries[0]).toMatchObject({
      media: { url: 'https://cdn.example.com/f1.m3u8', hls: true },
      durationSeconds: 600,
      meta: {
        kind: 'movie',
        titles: { en: 'Harbour Lights', es: 'Luces del puerto' },
        plots: { en: 'A town, at night' },
        year: 2019,
        genres: ['Drama', 'Mystery'],
        cast: ['Ana Ruiz', 'Leo Park'],
      },
    });
    expect(scan.entries[1]?.meta).toMatchObject({
      kind: 'episode',
      series: 'Night Shift',
      season: 1,
      episode: 2,
      titles: { en: 'The Call', es: 'La llamada' },
    });
    expect(scan.unreadable).toEqual([
      { path: 'e2', reason: 'an episode needs its season and episode numbers' },
      { path: 'f2', reason: 'its media is not an http(s) URL' },
      { path: 'f3', reason: 'its media is not an http(s) URL' },
    ]);
  });

  it('refuses a CSV without a title or a media column, and a damaged one, in words', async () => {
    const csv = (path: string, body: string) => refusal(path, body, 'text/csv');
    expect(await csv('/nomedia.csv', 'title,url\nA,https://x.example/a.m3u8\n')).toMatch(
      /is a CSV without a title and a media column: see the feed format$/,
    );
    expect(await csv('/quote.csv', 'title,media\n"Open,https://x.example/a.m3u8\n')).toMatch(
      /is not a CSV ottkit can read( \(line \d+\))?: nothing was changed$/,
    );
  });
});
