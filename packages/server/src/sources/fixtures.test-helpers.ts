import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../store/db.ts';
import { insertSource, type LineupSource } from '../store/sources.ts';

/** Bytes as a stream of chunks of `size` (to cut lines and tags at awkward places). */
export async function* chunked(data: string | Uint8Array, size = 7): AsyncGenerator<Uint8Array> {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** A playlist using every attribute the import reads. */
export const FULL_M3U = [
  '#EXTM3U x-tvg-url="http://guide.test/a.xml.gz,http://guide.test/b.xml" catchup="shift" catchup-days="3" catchup-source="?utc={utc}"',
  '#EXTINF:-1 tvg-id="news.one" tvg-name="News One" tvg-logo="http://logo.test/news.png" tvg-chno="101" group-title="News",News One HD',
  '#EXTVLCOPT:http-user-agent=Player/1.0',
  '#EXTVLCOPT:http-referrer=http://portal.test/',
  'http://streams.test/news1/index.m3u8',
  '#EXTINF:-1 tvg-id="sport.1" catchup="append" catchup-days="7" catchup-source="&t={start}",Sport 1',
  '#EXTGRP:Sports',
  'https://streams.test/sport1.m3u8',
  '#EXTINF:0 tvg-name="Title, with comma" group-title="Movies, classic",Movies "Gold", the channel',
  'http://streams.test/movies.m3u8',
].join('\n');

/** A two-language guide (en and es) for news.one and sport.1, `day` being YYYYMMDD. */
export function twoLanguageGuide(day: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE tv SYSTEM "xmltv.dtd">
<tv generator-info-name="test">
  <channel id="news.one"><display-name lang="en">News One</display-name><display-name lang="es">Noticias Uno</display-name><icon src="http://logo.test/n.png"/></channel>
  <channel id="sport.1"><display-name>Sport 1 HD</display-name></channel>
  <programme start="${day}060000 +0000" stop="${day}070000 +0000" channel="news.one">
    <title lang="en">Morning News</title><title lang="es">Noticias de la mañana</title>
    <desc lang="en">The day&apos;s news &amp; weather.</desc><desc lang="es">Las noticias del día.</desc>
    <category lang="en">News</category><rating system="MPAA"><value>TV-G</value></rating>
  </programme>
  <programme start="${day}090000 +0200" stop="${day}100000 +0200" channel="news.one">
    <title lang="en">Talk <![CDATA[& Views]]></title>
  </programme>
  <programme start="${day}120000" channel="sport.1"><title>Match of the day</title></programme>
</tv>
`;
}

export interface TestServer {
  url: string;
  requests: IncomingMessage[];
  close(): Promise<void>;
}

/** A local HTTP server the tests start; `handle` answers each request. */
export async function startServer(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<TestServer> {
  const requests: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req);
    handle(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export interface FixtureChannel {
  tvgId: string;
  name: string;
  group: string;
  /** The guide channel's display name when it differs from the playlist's (mapping by name). */
  guideName?: string;
  /** Left out of the guide's ids (so only the name can map it). */
  guideId?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** XMLTV time of an instant, in UTC. */
export function xmltvStamp(ts: number): string {
  const d = new Date(ts);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(
    d.getUTCMinutes(),
  )}00 +0000`;
}

export function playlistOf(channels: readonly FixtureChannel[], streamBase = 'http://streams.test'): string {
  return [
    '#EXTM3U',
    ...channels.flatMap((c) => [
      `#EXTINF:-1 tvg-id="${c.tvgId}" group-title="${c.group}",${c.name}`,
      `${streamBase}/${encodeURIComponent(c.tvgId || c.name)}.m3u8`,
    ]),
  ].join('\n');
}

/**
 * A guide of `days` days from the UTC midnight of `from`, one programme per `hours` hours per channel, titled
 * in en and es ("<name> at <h>h"); `rename` changes the title of one programme to test partial refreshes.
 */
export function guideOf(
  channels: readonly FixtureChannel[],
  from: number,
  days: number,
  hours = 6,
  rename?: { channel: string; start: number; title: string },
): string {
  const midnight = Math.floor(from / 86_400_000) * 86_400_000;
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<tv>'];
  for (const c of channels) {
    const id = c.guideId ?? c.tvgId;
    out.push(`<channel id="${id}"><display-name>${c.guideName ?? c.name}</display-name></channel>`);
  }
  for (const c of channels) {
    const id = c.guideId ?? c.tvgId;
    for (let t = midnight; t < midnight + days * 86_400_000; t += hours * 3_600_000) {
      const h = new Date(t).getUTCHours();
      const title =
        rename && rename.channel === id && rename.start === t ? rename.title : `${c.name} at ${h}h`;
      out.push(
        `<programme start="${xmltvStamp(t)}" stop="${xmltvStamp(t + hours * 3_600_000)}" channel="${id}">` +
          `<title lang="en">${title}</title><title lang="es">${c.name} a las ${h}h</title>` +
          `<desc lang="en">About ${c.name}.</desc></programme>`,
      );
    }
  }
  out.push('</tv>');
  return out.join('\n');
}

/** Everything an import may change, to compare before and after a failed one (all or nothing). */
export function lineupSnapshot(d: Db) {
  return {
    channels: d.all('SELECT * FROM channels ORDER BY logical_channel_id'),
    members: d.all('SELECT * FROM channel_column_members ORDER BY logical_channel_id, column_id'),
    columns: d.all('SELECT * FROM channel_columns ORDER BY column_id'),
    links: d.all('SELECT * FROM source_channels ORDER BY logical_channel_id'),
    days: d.all('SELECT epg_id, day, checksum, updated_at FROM epg_days ORDER BY epg_id, day'),
    programs: d.all('SELECT * FROM epg_programs ORDER BY program_id'),
  };
}

/** The import tests' source: an M3U playlist named 'acme' with its guide, on the free product. */
export function insertAcmeSource(
  d: Db,
  location: string,
  guideLocation: string,
  now: number,
): Promise<LineupSource> {
  return insertSource(
    d,
    {
      name: 'acme',
      kind: 'm3u',
      location,
      xtreamUser: '',
      xtreamPassword: '',
      guideLocation,
      refreshMinutes: 1440,
      productId: 'free',
    },
    now,
  );
}
