import type { IncomingMessage } from 'node:http';

/**
 * The nginx edge (decision 0261) caches playlists once for every viewer, so a playlist fetched through it names
 * its child URLs with this placeholder instead of the first viewer's token; the edge puts each viewer's own
 * token back (`sub_filter`). The origin still checks the real token of every request it gets.
 */
export const EDGE_TOKEN = 'OTTKIT_EDGE_TOKEN';

/** The request header the edge sets on the media requests it may cache. */
export const EDGE_HEADER = 'x-ottkit-edge';

/** The request came through the edge's media cache (a forged header only gets the caller the placeholder). */
export const viaEdge = (req: IncomingMessage) => req.headers[EDGE_HEADER] === 'cache';
