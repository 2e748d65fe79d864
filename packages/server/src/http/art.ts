import type { ServerResponse } from 'node:http';
import { type ArtKind, artSvg } from '../domain/vod/artwork.ts';
import type { Db } from '../store/db.ts';

const ART_PATH = /^\/media\/art\/([A-Za-z0-9_-]{1,64})\/(poster|landscape|portrait)\.svg$/;

/** What to write on a picture of `id`: a title (with year or episode), a person, a playlist or a channel. */
function caption(db: Db, id: string): { title: string; subtitle: string } | null {
  const m = db.get<{
    title: string;
    release_year: number;
    meta_type: string;
    series_id: string | null;
    season_no: number | null;
    episode_no: number | null;
  }>(
    `SELECT t.title, m.release_year, m.meta_type, m.series_id, m.season_no, m.episode_no
     FROM vod_metas m JOIN vod_meta_texts t ON t.meta_id = m.meta_id AND t.lang = 'en' WHERE m.meta_id = ?`,
    id,
  );
  if (m) {
    if (!m.series_id) return { title: m.title, subtitle: String(m.release_year) };
    const series = db.get<{ title: string }>(
      "SELECT title FROM vod_meta_texts WHERE meta_id = ? AND lang = 'en'",
      m.series_id,
    );
    const where =
      m.meta_type === 'EPISODE' ? `${m.season_no ? `S${m.season_no} ` : ''}E${m.episode_no}` : m.title;
    return { title: series?.title ?? m.title, subtitle: where };
  }
  const person = db.get<{ name: string; known_for: string }>(
    'SELECT name, known_for FROM vod_people WHERE person_id = ?',
    id,
  );
  if (person) return { title: person.name, subtitle: person.known_for };
  const list = db.get<{ name: string }>(
    "SELECT name FROM vod_playlist_names WHERE playlist_id = ? AND lang = 'en'",
    id,
  );
  if (list) return { title: list.name, subtitle: '' };
  const channel = db.get<{ logical_channel_name: string; channel_seq: number }>(
    'SELECT logical_channel_name, channel_seq FROM channels WHERE logical_channel_id = ?',
    id,
  );
  if (channel) return { title: channel.logical_channel_name, subtitle: `Live · ${channel.channel_seq}` };
  return null;
}

/** Serves `/media/art/<id>/<poster|landscape|portrait>.svg`, drawn by the server; false for any other path. */
export function handleArt(db: Db, pathname: string, method: string, res: ServerResponse): boolean {
  const match = ART_PATH.exec(pathname);
  if (!match) return false;
  const [, id, kind] = match as unknown as [string, string, ArtKind];
  const headers = {
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  };
  const c = caption(db, id);
  if (!c) {
    res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
    res.end('No such artwork\n');
    return true;
  }
  const svg = artSvg(id, kind, c.title, c.subtitle);
  res.writeHead(200, {
    ...headers,
    'content-type': 'image/svg+xml; charset=utf-8',
    'cache-control': 'public, max-age=86400',
    'content-length': Buffer.byteLength(svg),
  });
  res.end(method === 'HEAD' ? undefined : svg);
  return true;
}
