import { ErrCode } from '@ottkit/api-client';
import {
  brandIconRemove,
  brandIconUpload,
  brandLogoRemove,
  brandLogoUpload,
} from '@ottkit/api-client/contract';
import { IconRefused, storeBrandIcon } from '../../media/brandIcon.ts';
import { brandIconVersion, removeBrandIcon } from '../../media/brandIconFile.ts';
import { LogoRefused, storeBrandLogo } from '../../media/brandLogo.ts';
import { brandLogoUrl, removeBrandLogo } from '../../media/brandLogoFile.ts';
import { SvgRefused } from '../../media/svgLogo.ts';
import { recordAuditNow } from '../../operator/audit.ts';
import { HttpError, type RequestContext, route } from '../route.ts';
import { actorFor } from './operator.ts';

/** How one of the brand's pictures is kept: what names it now ('' none), how it is stored and removed. */
interface Picture {
  kind: 'logo' | 'icon';
  now: (dataDir: string) => string;
  store: (dataDir: string, bytes: Buffer) => Promise<void>;
  remove: (dataDir: string) => boolean;
  /** The errors that say what is wrong with the operator's file, in words; anything else is the server's. */
  refused: (e: unknown) => boolean;
}

/** Stores an uploaded picture (refused in words, 400) and audits the change; answers what names it now. */
async function upload(p: Picture, ctx: RequestContext, image: string): Promise<string> {
  const dataDir = ctx.config.dataDir;
  const before = p.now(dataDir);
  try {
    await p.store(dataDir, Buffer.from(image, 'base64'));
  } catch (e) {
    if (p.refused(e)) throw new HttpError(ErrCode.INVALID_REQUEST, (e as Error).message, 400);
    throw e;
  }
  const after = p.now(dataDir);
  await recordAuditNow(ctx.db, actorFor(ctx), `brand.${p.kind}`, p.kind, { before, after }, ctx.now());
  return after;
}

/** Removes the picture, audited when there was one; answers '' (nothing names it). */
async function remove(p: Picture, ctx: RequestContext): Promise<''> {
  const before = p.now(ctx.config.dataDir);
  if (p.remove(ctx.config.dataDir))
    await recordAuditNow(ctx.db, actorFor(ctx), `brand.${p.kind}`, p.kind, { before, after: '' }, ctx.now());
  return '';
}

const LOGO: Picture = {
  kind: 'logo',
  now: brandLogoUrl,
  store: storeBrandLogo,
  remove: removeBrandLogo,
  refused: (e) => e instanceof SvgRefused || e instanceof LogoRefused,
};
const ICON: Picture = {
  kind: 'icon',
  now: brandIconVersion,
  store: storeBrandIcon,
  remove: removeBrandIcon,
  refused: (e) => e instanceof IconRefused,
};

/** The brand's logo (decision 0403) and app icon (decision 0405): admins only, audited with what named them. */
export const brandPictureRoutes = [
  route(brandLogoUpload, async (ctx, req) => ({ logoUrl: await upload(LOGO, ctx, req.image) })),
  route(brandLogoRemove, async (ctx) => ({ logoUrl: await remove(LOGO, ctx) })),
  route(brandIconUpload, async (ctx, req) => ({ iconVersion: await upload(ICON, ctx, req.image) })),
  route(brandIconRemove, async (ctx) => ({ iconVersion: await remove(ICON, ctx) })),
];
