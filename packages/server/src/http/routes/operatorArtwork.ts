import { ErrCode } from '@ottkit/api-client';
import { artworkPath, titleArtwork } from '@ottkit/api-client/contract';
import { recordAuditNow } from '../../operator/audit.ts';
import { hasArtwork, storeArtwork } from '../../operator/titleArtwork.ts';
import { existingTitle } from '../../operator/titles.ts';
import { ImageRefused } from '../../media/imageSize.ts';
import { resizeImage } from '../../media/resizeImage.ts';
import { HttpError, route } from '../route.ts';
import { actorFor } from './operator.ts';

/** Issue 18 §4: a title's uploaded poster and landscape (decision 0239; editor). */
export const operatorArtworkRoutes = [
  route(titleArtwork, async (ctx, req) => {
    await existingTitle(ctx.db, ctx.config.dataDir, req.metaId);
    const before = hasArtwork(ctx.config.dataDir, req.metaId, req.kind) ? 'uploaded' : 'drawn';
    try {
      const bytes = Buffer.from(req.image, 'base64');
      await storeArtwork(ctx.config.dataDir, req.metaId, req.kind, bytes, resizeImage);
    } catch (e) {
      // Too many pixels (judged from the header, before decoding), said as such.
      if (e instanceof ImageRefused) throw new HttpError(ErrCode.INVALID_REQUEST, e.message, 400);
      // Not a PNG or JPEG, or one ffmpeg cannot read: the caller's file, said in words.
      throw new HttpError(ErrCode.INVALID_REQUEST, 'The picture must be a PNG or JPEG image', 400);
    }
    const action = `title.${req.kind}`;
    await recordAuditNow(ctx.db, actorFor(ctx), action, req.metaId, { before, after: 'uploaded' }, ctx.now());
    return { url: artworkPath(req.metaId, req.kind) };
  }),
];
