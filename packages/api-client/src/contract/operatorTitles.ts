import { z } from 'zod';
import { defineCall } from './call.ts';
import { sizeText } from './limits.ts';
import { ARTWORK_KINDS } from './operatorArtwork.ts';
import { jobSchema, OPERATOR_API_PREFIX } from './operator.ts';
import { metaIdSchema, vodTypeSchema } from './vodSchemas.ts';
import { ageRatingSchema } from './profiles.ts';

/**
 * Issue 18 §4, titles (VOD) in the console: drafts an editor creates, a video uploaded to them resumably,
 * transcoded into the rendition ladder as a job, then published to subscribers (decision 0235). Support reads.
 */
const p = (rest: string) => `${OPERATOR_API_PREFIX}titles/${rest}`;
const editor = ['editor'] as const;
const readers = ['editor', 'support'] as const;

/** Uploads up to 20 GiB; chunks up to 16 MiB, so neither side holds a file in memory. */
export const MAX_UPLOAD_BYTES = 20 * 1024 ** 3;
export const MAX_UPLOAD_CHUNK_BYTES = 16 * 1024 ** 2;
/** What a browser reports for the video files ffmpeg reads; an empty type is judged by the file's name. */
export const UPLOAD_TYPES = [
  'video/mp4',
  'video/quicktime',
  'video/x-matroska',
  'video/webm',
  'video/mp2t',
  'video/x-msvideo',
  'video/mpeg',
] as const;
export const UPLOAD_EXTENSIONS = ['mp4', 'm4v', 'mov', 'mkv', 'webm', 'ts', 'avi', 'mpg', 'mpeg'] as const;

/** A title's name and plot in one language (movies, series, seasons and episodes alike). */
export const titleTextSchema = z.object({
  title: z.string().trim().min(1, 'Give the title a name').max(200, 'At most 200 characters'),
  plot: z.string().trim().max(4000, 'At most 4000 characters'),
});

export const titleFormSchema = z
  .object({
    vodType: vodTypeSchema,
    releaseYear: z.coerce
      .number()
      .int('A year like 2024')
      .min(1888, 'A year between 1888 and 2100')
      .max(2100, 'A year between 1888 and 2100'),
    /** English is required (the catalogue's fallback); Spanish and Portuguese fall back to it when left out. */
    en: titleTextSchema,
    es: titleTextSchema.optional(),
    pt: titleTextSchema.optional(),
    /** The age rating (issue 20 §2, decision 0286); unrated when left out. */
    ageRating: ageRatingSchema.optional(),
  })
  .strict();

export const titleUploadSchema = z.object({
  uploadId: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  /** Bytes the server holds, in order: the next chunk starts here. */
  received: z.number().int(),
  status: z.enum(['uploading', 'uploaded']),
});

export const consoleTitleSchema = z.object({
  metaId: z.string(),
  /** Series, seasons and episodes since decision 0280; `seriesId`, `seasonNo`, `episodeNo` place a part. */
  metaType: z.enum(['MOVIE', 'SERIES', 'SEASON', 'EPISODE']),
  seriesId: z.string().optional(),
  seasonNo: z.number().int().optional(),
  episodeNo: z.number().int().optional(),
  vodType: vodTypeSchema,
  releaseYear: z.number().int(),
  texts: z.record(z.string(), titleTextSchema),
  /** `draft` until published; a published title is in the subscribers' catalogue. */
  status: z.enum(['draft', 'published']),
  /** The transcoded video, once a transcode succeeded. */
  assetId: z.string().optional(),
  /** A feed's title: the HLS URL its video plays from, secrets masked; never transcoded (decision 0435). */
  remoteVideo: z.string().optional(),
  durationSec: z.number().int(),
  upload: titleUploadSchema.optional(),
  /** The latest transcode job of the title. */
  job: jobSchema.optional(),
  publishedAt: z.number().int().optional(),
  updatedAt: z.number().int(),
  /** The pictures an editor uploaded (decision 0239); the others are drawn. */
  artwork: z.array(z.enum(ARTWORK_KINDS)).optional(),
  /** The age rating (issue 20 §2); absent when unrated. */
  ageRating: ageRatingSchema.optional(),
});
export type ConsoleTitle = z.output<typeof consoleTitleSchema>;

export const titleList = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('list'),
  access: 'operator',
  roles: readers,
  summary: 'Titles made in the console, newest first; `q` filters by title in any language.',
  request: z.object({ q: z.string().trim().max(100).optional() }).strict(),
  response: z.object({ titles: z.array(consoleTitleSchema) }),
});

export const titleGet = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('get'),
  access: 'operator',
  roles: readers,
  summary: 'One title with its upload and its latest transcode job (poll it while the job runs).',
  request: z.object({ metaId: metaIdSchema }).strict(),
  response: z.object({ title: consoleTitleSchema }),
});

export const titleCreate = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('create'),
  access: 'operator',
  roles: editor,
  summary:
    'Creates a movie, or a series (`metaType`), as a draft (not visible to subscribers until published).',
  request: titleFormSchema.extend({ metaType: z.enum(['MOVIE', 'SERIES']).optional() }).strict(),
  response: z.object({ title: consoleTitleSchema }),
});

export const titleUpdate = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('update'),
  access: 'operator',
  roles: editor,
  summary: 'Changes a title’s texts, type or year; a published title changes for subscribers at once.',
  request: titleFormSchema.extend({ metaId: metaIdSchema }).strict(),
  response: z.object({ title: consoleTitleSchema }),
});

const fileNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(255, 'At most 255 characters')
  .regex(/^[^\p{Cc}/\\]+$/u, 'No slashes or control characters');

/** A video file by its type, or by its name's extension when the browser gives no type. */
export const isVideoFile = (name: string, type: string) =>
  type
    ? (UPLOAD_TYPES as readonly string[]).includes(type)
    : (UPLOAD_EXTENSIONS as readonly string[]).includes(name.split('.').pop()?.toLowerCase() ?? '');

export const titleUploadStart = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('uploads/start'),
  access: 'operator',
  roles: editor,
  summary:
    'Starts uploading a video to a title, or finds the upload of the same file (name, size, modification time) ' +
    'and answers how much of it the server already holds: the client continues from `received`.',
  request: z
    .object({
      metaId: metaIdSchema,
      fileName: fileNameSchema,
      size: z
        .number()
        .int()
        .min(1, 'The file is empty')
        .max(MAX_UPLOAD_BYTES, `A video may be at most ${sizeText(MAX_UPLOAD_BYTES)}`),
      type: z.string().max(100),
      lastModified: z.number().int().nonnegative(),
    })
    .strict()
    .refine((v) => isVideoFile(v.fileName, v.type), {
      message: 'Pick a video file (MP4, MOV, MKV, WebM, TS, AVI or MPEG)',
      path: ['type'],
    }),
  response: z.object({ upload: titleUploadSchema }),
});

export const titleUploadChunk = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('uploads/chunk'),
  access: 'operator',
  roles: editor,
  tag: 'raw',
  bodyFormat: 'octetStream',
  summary:
    'The next bytes of an upload: the body is `application/octet-stream` (at most 16 MiB), the query names ' +
    'the upload and the offset it starts at, which must be the server’s `received`. Answers the envelope with ' +
    'the upload; with the last chunk the transcode job starts and is answered too.',
  request: z
    .object({
      uploadId: z.string().min(1).max(64),
      offset: z.coerce.number().int().nonnegative(),
    })
    .strict(),
  response: z.object({ upload: titleUploadSchema, job: jobSchema.optional() }),
});

export const titleTranscode = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('transcode'),
  access: 'operator',
  roles: editor,
  summary:
    'Transcodes the title’s uploaded video again (after a failure or a server restart), as a job with progress.',
  request: z.object({ metaId: metaIdSchema }).strict(),
  response: z.object({ job: jobSchema }),
});

export const titlePublish = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('publish'),
  access: 'operator',
  roles: editor,
  summary:
    'Puts the title with its transcoded video in the subscribers’ catalogue (search, lists, playback).',
  request: z.object({ metaId: metaIdSchema }).strict(),
  response: z.object({ title: consoleTitleSchema }),
});

export const operatorTitleCalls = {
  titleList,
  titleGet,
  titleCreate,
  titleUpdate,
  titleUploadStart,
  titleUploadChunk,
  titleTranscode,
  titlePublish,
};
