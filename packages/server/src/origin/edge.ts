import { createHmac, timingSafeEqual } from 'node:crypto';
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

/**
 * Sessions ended (logout, revocation, expiry) while media URLs handed to them may still be valid, one id a line
 * between newlines (decision 0306). The edge fetches it (kept a second) and refuses those URLs itself. Not a
 * public path: it answers only a request with the edge's key, which is derived from the server's secret.
 */
export const EDGE_REVOKED_PATH = '/media/edge/revoked';
export const EDGE_KEY_HEADER = 'x-ottkit-edge-key';

/** The edge's key for EDGE_REVOKED_PATH: domain-separated, so it opens nothing else signed with the secret. */
export const edgeKey = (secret: string) =>
  createHmac('sha256', secret).update('ottkit-edge.v1.revoked').digest('base64url');

/** The request carries the edge's key (compared in constant time). */
export function fromEdge(req: IncomingMessage, secret: string): boolean {
  const given = Buffer.from(String(req.headers[EDGE_KEY_HEADER] ?? ''));
  const want = Buffer.from(edgeKey(secret));
  return given.length === want.length && timingSafeEqual(given, want);
}
