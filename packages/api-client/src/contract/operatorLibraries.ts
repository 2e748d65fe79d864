import { z } from 'zod';
import { defineCall } from './call.ts';
import { LANGS } from './langs.ts';
import { jobSchema, OPERATOR_API_PREFIX } from './operator.ts';
import { sourceNameSchema } from './operatorSources.ts';

/**
 * Issue 42's film libraries over operator calls (the editor's): a named folder of films and episodes on the
 * server's disk, inside the folders the server's configuration allows (OTTKIT_LIBRARY_ROOTS), previewed and
 * imported as a job with the command line's domain code.
 */
const p = (rest: string) => `${OPERATOR_API_PREFIX}libraries/${rest}`;
const editor = ['editor'] as const;

/** Transcodes one import runs at once: each is an ffmpeg of the whole ladder. */
export const LIBRARY_PARALLEL = { min: 1, max: 8, default: 1 } as const;
/** How many transcodes (uploads and library files) the whole service runs at once: the console's setting (0425). */
export const TRANSCODE_PARALLEL = { min: 1, max: 8, default: 2 } as const;

/** How often a watched library is looked at again, in minutes; 0: only when imported by hand. */
export const LIBRARY_WATCH_MINUTES = { min: 5, max: 10_080 } as const;
const watchMinutesSchema = z
  .number()
  .int()
  .refine(
    (n) => n === 0 || (n >= LIBRARY_WATCH_MINUTES.min && n <= LIBRARY_WATCH_MINUTES.max),
    `0, or ${LIBRARY_WATCH_MINUTES.min} to ${LIBRARY_WATCH_MINUTES.max} minutes`,
  );

/** A folder on the server's disk, as the operator types it (checked against the allowed folders by the server). */
export const libraryFolderSchema = z
  .string()
  .trim()
  .min(1, 'Give the folder’s path on the server')
  .max(1000, 'At most 1,000 characters')
  .regex(/^\//, 'Give the folder’s whole path, from /')
  .regex(/^[^\p{Cc}]+$/u, 'No control characters');

/** An MRSS or CSV feed of titles (decision 0435), as the operator types it. */
export const libraryFeedSchema = z
  .string()
  .trim()
  .min(1, 'Give the feed’s URL')
  .max(2000, 'At most 2,000 characters')
  .regex(/^https?:\/\/[^\s]+$/i, 'Give the feed’s whole URL, from http:// or https://');

export const librarySchema = z.object({
  name: z.string(),
  /** The folder, as the server resolved it (links followed); empty for a feed. */
  folder: z.string(),
  /** An MRSS or CSV feed's URL, its secrets masked (decision 0435); empty for a folder. */
  feed: z.string(),
  /** The Xtream Codes line-up source whose films and series it reads (decision 0435); empty when none. */
  xtream: z.string(),
  /** The language of its sidecars' texts when they do not say. */
  lang: z.enum(LANGS),
  /** Each title goes into the catalogue once its video is ready; otherwise it stays a draft. */
  publish: z.boolean(),
  parallel: z.number().int(),
  /** Looked at again this often (minutes), and imported when a file is new, changed or gone; 0: by hand only. */
  watchMinutes: z.number().int(),
  createdAt: z.number().int(),
  /** What its last import did, in words (empty before the first). */
  lastImport: z.string(),
  lastImportAt: z.number().int().optional(),
});
export type Library = z.output<typeof librarySchema>;

export const libraryAddRequestSchema = z
  .object({
    name: sourceNameSchema,
    /** A folder on the server, or else */
    folder: libraryFolderSchema.optional(),
    /** an MRSS or CSV feed's URL, whose titles with HLS media are played from there (decision 0435), or else */
    feed: libraryFeedSchema.optional(),
    /** the name of an Xtream Codes line-up source, whose account's films and series it reads. */
    xtream: sourceNameSchema.optional(),
    lang: z.enum(LANGS).optional(),
    publish: z.boolean().optional(),
    parallel: z
      .number()
      .int()
      .min(LIBRARY_PARALLEL.min, `From ${LIBRARY_PARALLEL.min} to ${LIBRARY_PARALLEL.max}`)
      .max(LIBRARY_PARALLEL.max, `From ${LIBRARY_PARALLEL.min} to ${LIBRARY_PARALLEL.max}`)
      .optional(),
    watchMinutes: watchMinutesSchema.optional(),
  })
  .strict()
  .superRefine((r, ctx) => {
    const given = [r.folder, r.feed, r.xtream].filter((v) => v !== undefined).length;
    if (given !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: [r.folder === undefined ? (r.feed === undefined ? 'xtream' : 'feed') : 'folder'],
        message: 'Give one of a folder on the server, a feed’s URL or an Xtream source',
      });
    }
  });

export const libraryList = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('list'),
  access: 'operator',
  roles: editor,
  summary: 'Every film library with its folder and what its last import did.',
  request: z.object({}).strict(),
  response: z.object({ libraries: z.array(librarySchema) }),
});

export const libraryAdd = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('add'),
  access: 'operator',
  roles: editor,
  summary:
    'Names a folder of films and episodes on the server (inside the folders its configuration allows), an MRSS ' +
    'or CSV feed of titles, or an Xtream Codes line-up source’s films and series, as a library; nothing is read ' +
    'from it until a preview or an import.',
  request: libraryAddRequestSchema,
  response: z.object({ library: librarySchema }),
});

export const libraryRemove = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('remove'),
  access: 'operator',
  roles: editor,
  summary: 'Forgets a library; the titles it made stay in the console’s titles.',
  request: z.object({ name: sourceNameSchema }).strict(),
  response: z.object({ name: z.string() }),
});

const entrySchema = z.object({
  path: z.string(),
  /** The film, or the series, season, episode and name of an episode, in words. */
  title: z.string(),
  /** Where its texts come from: `nfo`, `json`, `file name`, `feed` or `xtream`. */
  from: z.string(),
  audioLanguages: z.array(z.string()),
});

export const libraryPreview = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('preview'),
  access: 'operator',
  roles: editor,
  summary:
    'Reads the folder now and answers what an import would add, change and take out, and each file it cannot ' +
    'read with why (nothing is stored).',
  request: z.object({ name: sourceNameSchema }).strict(),
  response: z.object({
    added: z.array(entrySchema),
    changed: z.array(entrySchema),
    removed: z.array(z.object({ path: z.string() })),
    unreadable: z.array(z.object({ path: z.string(), reason: z.string() })),
    unchanged: z.number().int(),
    /** Why not every file was read (too many, too deep), or empty. */
    truncated: z.string(),
  }),
});

export const libraryImport = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('import'),
  access: 'operator',
  roles: editor,
  summary:
    'Imports the folder as a job: makes the new titles, transcodes new and changed files (the library’s ' +
    'number at a time), takes out the titles of files gone, and publishes what is ready when the library says so.',
  request: z.object({ name: sourceNameSchema }).strict(),
  response: z.object({ job: jobSchema }),
});

export const operatorLibraryCalls = {
  libraryList,
  libraryAdd,
  libraryRemove,
  libraryPreview,
  libraryImport,
};
