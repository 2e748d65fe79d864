import { statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { type ArtKind, artSvg } from '../domain/vod/artwork.ts';
import { type Lang, langOf } from '../domain/vod/catalogue.ts';
import { artworkFile } from '../operator/titleArtwork.ts';
import { listChannels } from '../store/channels.ts';
import type { Db } from '../store/db.ts';
import { sendBody, sendDrawnSvg, sendFile } from './send.ts';

// `<kind>` (a title's address, decision 0326) or the older `<kind>.svg`, which cached pages and apps still hold.
const ART_PATH = /^\/media\/art\/([A-Za-z0-9_-]{1,64})\/(poster|landscape|portrait|backdrop)(\.svg)?$/;

/** The few words the pictures carry besides names (decision 0140). */
const WORDS: Record<Lang, Record<'live' | 'cast' | 'director' | 'writer' | 'producer', string>> = {
  en: { live: 'Live', cast: 'Cast', director: 'Director', writer: 'Writer', producer: 'Producer' },
  es: { live: 'En vivo', cast: 'Reparto', director: 'Dirección', writer: 'Guion', producer: 'Producción' },
  pt: { live: 'Ao vivo', cast: 'Elenco', director: 'Direção', writer: 'Roteiro', producer: 'Produção' },
};

/** A title's text in `lang`, else English. */
async function titleIn(db: Db, metaId: string, lang: Lang): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('vod_meta_texts')
    .select('title')
    .where('meta_id', '=', metaId)
    .where('lang', 'in', [lang, 'en'])
    .orderBy((eb) => eb('lang', '=', 'en'))
    .limit(1)
    .executeTakeFirst();
  return row?.title;
}

/**
 * What to write on a picture of `id` in `lang`: a title (with year or episode), a person, a playlist or a channel.
 * On the asynchronous store (decision 0447): every poster of a page is one of these calls.
 */
async function caption(db: Db, id: string, lang: Lang): Promise<{ title: string; subtitle: string } | null> {
  const k = db.kysely;
  const m = await k
    .selectFrom('vod_metas')
    .select(['release_year', 'meta_type', 'series_id', 'season_no', 'episode_no'])
    .where('meta_id', '=', id)
    .executeTakeFirst();
  const title = m && (await titleIn(db, id, lang));
  if (m && title !== undefined) {
    if (!m.series_id) return { title, subtitle: String(m.release_year) };
    const where =
      m.meta_type === 'EPISODE' ? `${m.season_no ? `S${m.season_no} ` : ''}E${m.episode_no}` : title;
    return { title: (await titleIn(db, m.series_id, lang)) ?? title, subtitle: where };
  }
  const person = await k
    .selectFrom('vod_people')
    .select(['name', 'known_for'])
    .where('person_id', '=', id)
    .executeTakeFirst();
  if (person) {
    const role = WORDS[lang][person.known_for as keyof (typeof WORDS)['en']] ?? '';
    return { title: person.name, subtitle: role };
  }
  const list = await k
    .selectFrom('vod_playlist_names')
    .select('name')
    .where('playlist_id', '=', id)
    .where('lang', 'in', [lang, 'en'])
    .orderBy((eb) => eb('lang', '=', 'en'))
    .limit(1)
    .executeTakeFirst();
  if (list) return { title: list.name, subtitle: '' };
  // A channel's from the kept line-up: no query once it is read.
  const channel = (await listChannels.now(db)).find((c) => c.logicalChannelId === id);
  if (channel)
    return { title: channel.logicalChannelName, subtitle: `${WORDS[lang].live} · ${channel.channelSeq}` };
  return null;
}

/**
 * An operator's uploaded picture (decision 0239) in place of the drawn one, at the title's address; it may be
 * replaced, so caches keep it only briefly.
 */
function sendUploadedArtwork(
  dataDir: string,
  id: string,
  kind: ArtKind,
  method: string,
  res: ServerResponse,
  svgAddress: string | null,
) {
  if (kind === 'portrait') return false;
  // An operator uploads one landscape picture: it is the backdrop too.
  const file = artworkFile(dataDir, id, kind === 'backdrop' ? 'landscape' : kind);
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    return false;
  }
  // An address ending in .svg never answers a JPEG: it is sent on to the one without an extension.
  if (svgAddress !== null) {
    sendBody(method, res, 302, {
      location: svgAddress,
      'cache-control': 'public, max-age=300',
    });
    return true;
  }
  const headers = {
    'content-type': 'image/jpeg',
    'cache-control': 'public, max-age=300',
    'x-content-type-options': 'nosniff',
  };
  sendFile(method, res, headers, file, size);
  return true;
}

/**
 * Serves `/media/art/<id>/<poster|landscape|portrait|backdrop>[.svg][?lang=es|pt]`, drawn by the server with its caption in
 * the language (English otherwise), or a title's uploaded picture; false for any other path.
 */
export async function handleArt(
  db: Db,
  pathname: string,
  method: string,
  res: ServerResponse,
  lang?: string | null,
  dataDir?: string,
): Promise<boolean> {
  const match = ART_PATH.exec(pathname);
  if (!match) return false;
  const [, id, kind, svg] = match as unknown as [string, string, ArtKind, string | undefined];
  // The uploaded picture is the same in every language: its address carries no query.
  const withoutSvg = svg ? pathname.slice(0, -svg.length) : null;
  if (dataDir && sendUploadedArtwork(dataDir, id, kind, method, res, withoutSvg)) return true;
  const c = await caption(db, id, langOf(lang ?? undefined));
  sendDrawnSvg(method, res, c ? artSvg(id, kind, c.title, c.subtitle) : undefined, 86_400, 'artwork');
  return true;
}
