import { z } from 'zod';
import { defineCall } from './call.ts';
import { OPERATOR_API_PREFIX } from './operator.ts';
import { metaIdSchema } from './vodSchemas.ts';

/**
 * Issue 18 §4, artwork of a console title (decision 0239): an editor uploads a poster (2:3) or a landscape
 * backdrop (16:9); ottkit resizes it with ffmpeg and serves it itself at the title's artwork address, so every
 * card, banner and detail page shows it (never hot-linked).
 */
export const ARTWORK_MAX_BYTES = 5 * 1024 * 1024;
export const ARTWORK_KINDS = ['poster', 'landscape'] as const;
/**
 * Where a title's poster or landscape is served (drawn SVG, or the uploaded JPEG): the one place of this path. It
 * has no extension, since what it answers changes with an upload (decision 0326); the older `<kind>.svg` addresses
 * still answer.
 */
export const artworkPath = (metaId: string, kind: (typeof ARTWORK_KINDS)[number]) =>
  `/media/art/${metaId}/${kind}`;
const base64Max = Math.ceil((ARTWORK_MAX_BYTES * 4) / 3) + 4;

export const titleArtwork = defineCall({
  area: 'operator',
  method: 'POST',
  path: `${OPERATOR_API_PREFIX}titles/artwork`,
  access: 'operator',
  roles: ['editor'],
  maxBodyBytes: base64Max + 4096,
  summary:
    'Uploads a title’s poster or landscape (PNG or JPEG, base64, at most 5 MB): resized and served by ottkit at ' +
    'the title’s artwork address; the drawn picture stays the fallback.',
  request: z
    .object({
      metaId: metaIdSchema,
      kind: z.enum(ARTWORK_KINDS),
      image: z
        .string()
        .min(8, 'Choose a PNG or JPEG file')
        .max(base64Max, 'The picture must be at most 5 MB')
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Choose a PNG or JPEG file'),
    })
    .strict(),
  /** `url` is where the picture is served (the same for every language). */
  response: z.object({ url: z.string() }),
});

export const operatorArtworkCalls = { titleArtwork };
