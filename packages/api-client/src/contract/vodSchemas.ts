import { z } from 'zod';

/** The VOD entities of spec §3 (Card, VOD detail, Episode list item, Playlist) as the VOD API answers them. */

/** SERIES, SEASON and EPISODE as the spec writes them; films and audio items are MOVIE (spec §3 Banner item). */
export const metaTypeSchema = z.enum(['MOVIE', 'SERIES', 'SEASON', 'EPISODE']);
export type MetaType = z.output<typeof metaTypeSchema>;

/** The VOD types `/vod/type/{type}` shows; each has one category playlist (levelType 1). */
export const vodTypeSchema = z.enum(['movie', 'series', 'kids', 'audio']);
export type VodType = z.output<typeof vodTypeSchema>;

/** Ids are short and URL-safe: they travel in paths (`/vod/detail/{metaId}`, `/media/art/{metaId}/…`). */
export const metaIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'metaId must be 1-64 of A-Z a-z 0-9 _ -');
export const metaIdListSchema = z.array(metaIdSchema).min(1).max(100);

export const genreSchema = z.object({ genreId: z.string(), name: z.string() });

/** Paging of spec §9: pageId counts from 1. */
export const pageFields = (defaultSize: number, maxSize = 100) => ({
  pageId: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
});
export const pageInfoSchema = z.object({
  pageId: z.number().int(),
  pageSize: z.number().int(),
  /** Items over all pages. */
  total: z.number().int(),
});

/**
 * Card (spec §3). `poster` is 2:3, `landscape` 16:9, `image` the one the list asked for (showListType);
 * playbackValidTime is when the title leaves the catalogue (epoch ms) or null; epgSourceStatus 1 = normal.
 */
export const cardSchema = z.object({
  cardId: z.string(),
  metaId: z.string(),
  metaType: metaTypeSchema,
  vodType: vodTypeSchema,
  title: z.string(),
  genres: z.array(genreSchema),
  /** 0-10, one decimal; null when unrated. */
  rating: z.number().nullable(),
  locked: z.boolean(),
  poster: z.string(),
  landscape: z.string(),
  image: z.string(),
  playbackValidTime: z.number().int().nullable(),
  epgSourceStatus: z.number().int(),
  year: z.number().int(),
  noSeason: z.boolean(),
  /** The age rating (profiles, issue 20 §2); absent or null when unrated. */
  ageRating: z.string().nullable().optional(),
});
export type VodCard = z.output<typeof cardSchema>;

/** Where a viewer stopped (seconds), from the play-progress report: what resume uses. */
export const playPositionSchema = z.object({
  metaId: z.string(),
  episode: z.number().int().nullable(),
  season: z.number().int().nullable(),
  playedTime: z.number(),
  totalDuration: z.number(),
  playProgress: z.number(),
  played: z.boolean(),
  updatedAt: z.number().int(),
});
export type PlayPosition = z.output<typeof playPositionSchema>;

/** Episode list item (spec §3) plus what the episode list shows. */
export const episodeItemSchema = z.object({
  metaId: z.string(),
  episode: z.number().int(),
  title: z.string(),
  season: z.number().int().nullable(),
  plot: z.string(),
  duration: z.number().int(),
  landscape: z.string(),
  locked: z.boolean(),
});
export type EpisodeItem = z.output<typeof episodeItemSchema>;

export const creditSchema = z.object({
  personId: z.string(),
  name: z.string(),
  role: z.enum(['cast', 'director', 'writer', 'producer']),
  character: z.string(),
  photo: z.string(),
});

export const seasonRefSchema = z.object({ metaId: z.string(), season: z.number().int(), title: z.string() });

/** VOD detail (spec §3), with what the detail page shows. Durations in seconds. */
export const vodDetailSchema = z.object({
  metaId: z.string(),
  metaType: metaTypeSchema,
  vodType: vodTypeSchema,
  seasonId: z.string().nullable(),
  seasonTitle: z.string().nullable(),
  seriesId: z.string().nullable(),
  seriesTitle: z.string().nullable(),
  episodeId: z.string().nullable(),
  episode: z.number().int().nullable(),
  season: z.number().int().nullable(),
  title: z.string(),
  plot: z.string(),
  genres: z.array(genreSchema),
  rating: z.number().nullable(),
  year: z.number().int(),
  duration: z.number().int(),
  imdbId: z.string(),
  tmdbId: z.string(),
  noSeason: z.boolean(),
  audioPosters: z.array(z.object({ url: z.string() })),
  /** Quality names of spec §9: 1 SD, 2 HD, 3 UHD, 4 4k, … */
  mediaQualityList: z.array(z.number().int()),
  /** The detail page of this title (`/vod/detail/{metaId}`); play URLs come from playSource. */
  url: z.string(),
  drmType: z.string(),
  /** Only for titles made from a live programme (live2vod); null here. */
  epgProgramInfo: z.null(),
  poster: z.string(),
  landscape: z.string(),
  locked: z.boolean(),
  playbackValidTime: z.number().int().nullable(),
  hasTrailer: z.boolean(),
  /** Playable itself (MOVIE, EPISODE); SERIES and SEASON play through their episodes. */
  playable: z.boolean(),
  credits: z.array(creditSchema),
  /** SERIES with seasons: its seasons in order. */
  seasons: z.array(seasonRefSchema),
  /** EPISODE: the one after it in the series, for play-next (spec §4). */
  nextEpisodeId: z.string().nullable(),
  /** The caller's resume position: for a SERIES or SEASON, the last episode played. */
  history: playPositionSchema.nullable(),
  sensitive: z.boolean(),
});
export type VodDetail = z.output<typeof vodDetailSchema>;

/** Playlist (spec §3): levelType 1 = category, 99 = home list; playlistType 1 static, 2 dynamic. */
export const playlistSchema = z.object({
  playlistId: z.string(),
  name: z.string(),
  levelType: z.union([z.literal(1), z.literal(99)]),
  playlistType: z.union([z.literal(1), z.literal(2)]),
  /** The VOD type of a category playlist; null for home lists. */
  vodType: vodTypeSchema.nullable(),
  /** The rule a dynamic list follows: newest, top-rated, genre:<genreId>, type:<vodType>; null when static. */
  rule: z.string().nullable(),
  seq: z.number().int(),
});
export type Playlist = z.output<typeof playlistSchema>;

/** Banner item (spec §3). */
export const bannerItemSchema = z.object({
  bannerItemId: z.string(),
  title: z.string(),
  description: z.string(),
  plot: z.string(),
  genres: z.array(z.object({ name: z.string() })),
  metaType: metaTypeSchema.nullable(),
  metaId: z.string().nullable(),
  linkType: z.enum(['VOD_CONTENT', 'VOD_LIST', 'LIVE_CHANNEL']),
  /** metaId (VOD_CONTENT), playlistId (VOD_LIST) or logicalChannelId (LIVE_CHANNEL). */
  linkId: z.string(),
  hasEpgSource: z.boolean(),
  playbackValidTime: z.number().int().nullable(),
  historyEpisode: z.object({ metaId: z.string(), episode: z.number().int() }).nullable(),
  noSeason: z.boolean(),
  posterLandscape: z.string(),
  poster: z.string(),
  landscape: z.array(z.object({ url: z.string() })),
  customizedDisplayInfo: z.string(),
  mediaVideoList: z.array(z.object({ iconUrl: z.string(), logicChannelName: z.string() })),
  startTime: z.number().int(),
  /** The linked title's age rating (issue 20 §2, `AGE_RATINGS`; VOD_CONTENT only); absent when unrated. */
  ageRating: z.string().optional(),
});
export type BannerItem = z.output<typeof bannerItemSchema>;
