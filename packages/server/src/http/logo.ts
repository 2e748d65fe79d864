import { statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { drawnLogoFile, LogoDrawer, logoSvg } from '../media/drawnLogo.ts';
import { listChannels } from '../store/channels.ts';
import type { Db } from '../store/db.ts';
import { sendDrawnSvg, sendFile, sendText } from './send.ts';

const LOGO_PATH = /^\/media\/logo\/([A-Za-z0-9_-]{1,64})\.(svg|png)$/;
/** The drawing's own cache life; its SVG stand-in (no PNG yet) is asked again sooner. */
const LOGO_MAX_AGE_SEC = 3600;
const STAND_IN_MAX_AGE_SEC = 60;

/** One drawer per data folder (the tests run several servers in one process). */
const drawers = new Map<string, LogoDrawer>();
const drawerOf = (dataDir: string) => {
  const known = drawers.get(dataDir);
  if (known) return known;
  const drawer = new LogoDrawer(dataDir);
  drawers.set(dataDir, drawer);
  return drawer;
};

/**
 * Serves a channel's drawn logo (decision 0354): `/media/logo/<logicalChannelId>.png`, rasterised on first ask
 * (the SVG in its place where this machine cannot), and `.svg`, the drawing itself (addresses stored before
 * 0354). Returns false for any other path.
 */
export async function handleLogo(
  db: Db,
  dataDir: string,
  pathname: string,
  method: string,
  res: ServerResponse,
): Promise<boolean> {
  const m = LOGO_PATH.exec(pathname);
  if (!m) return false;
  const id = m[1] as string;
  // The channel from the kept line-up (decision 0447): a page of logos asks the store nothing once it is read.
  const channel = (await listChannels.now(db)).find((c) => c.logicalChannelId === id);
  const svg = channel && logoSvg(id, channel.channelSeq, channel.logicalChannelName);
  if (svg === undefined || m[2] === 'svg') {
    sendDrawnSvg(method, res, svg, LOGO_MAX_AGE_SEC, 'channel logo');
    return true;
  }
  const file = drawnLogoFile(dataDir, id, svg);
  void drawerOf(dataDir)
    .draw(file, svg)
    .then((drawn) => {
      if (!drawn) return sendDrawnSvg(method, res, svg, STAND_IN_MAX_AGE_SEC, 'channel logo');
      const headers = {
        'content-type': 'image/png',
        'cache-control': `public, max-age=${LOGO_MAX_AGE_SEC}`,
        'x-content-type-options': 'nosniff',
      };
      sendFile(method, res, headers, file, statSync(file).size);
    })
    .catch(() => {
      if (!res.headersSent) sendText(method, res, 500, 'The logo could not be drawn');
    });
  return true;
}
