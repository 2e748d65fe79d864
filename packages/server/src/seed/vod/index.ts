import { rebuildSearchIndex } from '../../domain/vod/search.ts';
import { topSearchKeyword } from '../../domain/vod/topSearches.ts';
import type { Db } from '../../store/db.ts';
import { setTitleRating } from '../../store/ratings.ts';
import { generateCatalogue, type SeedMeta } from './catalogue.ts';
import { seedBanners, seedPlaylists } from './lists.ts';
import { LANGS } from './words.ts';

export { generateCatalogue, PRODUCT_VOD, TRAILER_ASSET_ID, VOD_ASSET_IDS } from './catalogue.ts';

const SEED_TIME = Date.UTC(2026, 0, 1);

function insertMeta(db: Db, m: SeedMeta): void {
  db.run(
    `INSERT INTO vod_metas (meta_id, meta_type, vod_type, series_id, season_id, season_no, episode_no, no_season,
      release_year, released_at, rating, duration, imdb_id, tmdb_id, media_quality_list, drm_type, asset_id,
      product_id, sensitive, playback_valid_time, popularity)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    m.metaId,
    m.metaType,
    m.vodType,
    m.seriesId,
    m.seasonId,
    m.seasonNo,
    m.episodeNo,
    m.noSeason ? 1 : 0,
    m.releaseYear,
    m.releasedAt,
    m.rating,
    m.duration,
    m.imdbId,
    m.tmdbId,
    m.mediaQualityList.join(','),
    'none',
    m.assetId,
    m.productId,
    m.sensitive ? 1 : 0,
    m.playbackValidTime,
    m.popularity,
  );
  for (const l of LANGS) {
    db.run(
      'INSERT INTO vod_meta_texts (meta_id, lang, title, plot) VALUES (?, ?, ?, ?)',
      m.metaId,
      l,
      m.texts[l].title,
      m.texts[l].plot,
    );
  }
  if (m.metaType === 'SEASON' || m.metaType === 'EPISODE') return;
  m.genreIds.forEach((g, i) => {
    db.run('INSERT INTO vod_meta_genres (meta_id, genre_id, seq) VALUES (?, ?, ?)', m.metaId, g, i);
  });
  m.credits.forEach((c, i) => {
    db.run(
      'INSERT OR IGNORE INTO vod_credits (meta_id, person_id, role, character_name, seq) VALUES (?, ?, ?, ?, ?)',
      m.metaId,
      c.personId,
      c.role,
      c.character,
      i,
    );
  });
  m.trailers.forEach((t, i) => {
    db.run(
      'INSERT INTO vod_trailers (trailer_id, meta_id, seq, asset_id, duration) VALUES (?, ?, ?, ?, ?)',
      t.trailerId,
      m.metaId,
      i,
      t.assetId,
      t.duration,
    );
  });
}

/**
 * Age ratings of the sample titles (issue 20 §2, decision 0286): kids and audio items G, the others in turn PG,
 * 12, 16 and 18, so every step of the scale has titles; episodes and seasons take their series'.
 */
const SEED_RATINGS = ['PG', '12', '16', '18'] as const;
function seedAgeRatings(db: Db, metas: readonly SeedMeta[]): void {
  let n = 0;
  for (const m of metas) {
    if (m.metaType !== 'MOVIE' && m.metaType !== 'SERIES') continue;
    const kids = m.vodType === 'kids' || m.vodType === 'audio';
    setTitleRating(db, m.metaId, kids ? 'G' : (SEED_RATINGS[n++ % SEED_RATINGS.length] as string));
  }
}

/** Seeds the VOD catalogue, playlists, banners and the search index when there is no catalogue yet. */
export function seedVodIfEmpty(db: Db): void {
  const has = db.get<{ n: number }>('SELECT COUNT(*) AS n FROM vod_metas')?.n ?? 0;
  if (has > 0) return;
  db.transaction(() => {
    const cat = generateCatalogue();
    cat.genres.forEach((g, i) => {
      db.run('INSERT INTO vod_genres (genre_id, seq) VALUES (?, ?)', g.id, i);
      for (const l of LANGS) {
        db.run('INSERT INTO vod_genre_names (genre_id, lang, name) VALUES (?, ?, ?)', g.id, l, g.names[l]);
      }
    });
    for (const p of cat.people) {
      db.run(
        'INSERT INTO vod_people (person_id, name, birth_year, country, known_for) VALUES (?, ?, ?, ?, ?)',
        p.personId,
        p.name,
        p.birthYear,
        p.country,
        p.knownFor,
      );
      for (const l of LANGS) {
        db.run(
          'INSERT INTO vod_person_texts (person_id, lang, biography) VALUES (?, ?, ?)',
          p.personId,
          l,
          p.biography[l],
        );
      }
    }
    for (const m of cat.metas) insertMeta(db, m);
    seedAgeRatings(db, cat.metas);
    seedPlaylists(cat.metas).forEach((pl, i) => {
      db.run(
        'INSERT INTO vod_playlists (playlist_id, level_type, playlist_type, vod_type, rule, seq) VALUES (?, ?, ?, ?, ?, ?)',
        pl.playlistId,
        pl.levelType,
        pl.playlistType,
        pl.vodType,
        pl.rule,
        i + 1,
      );
      for (const l of LANGS) {
        db.run(
          'INSERT INTO vod_playlist_names (playlist_id, lang, name) VALUES (?, ?, ?)',
          pl.playlistId,
          l,
          pl.names[l],
        );
      }
      pl.metaIds.forEach((id, k) => {
        db.run(
          'INSERT INTO vod_playlist_items (playlist_id, meta_id, seq) VALUES (?, ?, ?)',
          pl.playlistId,
          id,
          k,
        );
      });
    });
    seedBanners(cat.metas).forEach((b, i) => {
      db.run(
        `INSERT INTO vod_banners (banner_item_id, seq, vod_type, link_type, link_id, meta_id, customized_display_info, start_time)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        b.bannerItemId,
        i + 1,
        b.vodType,
        b.linkType,
        b.linkId,
        b.metaId,
        b.customizedDisplayInfo,
        SEED_TIME,
      );
      for (const l of LANGS) {
        db.run(
          'INSERT INTO vod_banner_texts (banner_item_id, lang, title, description) VALUES (?, ?, ?, ?)',
          b.bannerItemId,
          l,
          b.texts[l].title,
          b.texts[l].description,
        );
      }
    });
    // Top searches start from the most popular titles so the search page has something on day one.
    const top = cat.metas
      .filter((m) => (m.metaType === 'MOVIE' || m.metaType === 'SERIES') && !m.sensitive)
      .sort((a, b) => b.popularity - a.popularity)
      .slice(0, 20);
    top.forEach((m, i) => {
      db.run(
        'INSERT INTO vod_search_counts (keyword, search_count, last_searched_at) VALUES (?, ?, ?)',
        topSearchKeyword(m.texts.en.title),
        40 - i * 2,
        SEED_TIME,
      );
    });
    rebuildSearchIndex(db);
  });
}
