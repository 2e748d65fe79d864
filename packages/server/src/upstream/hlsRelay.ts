import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { SourceError } from './fetch.ts';
import {
  isPlaylistStart,
  MAX_PLAYLIST_BYTES,
  PLAYLIST_SNIFF_BYTES,
  rewritePlaylist,
  type UriRole,
} from './hlsPlaylist.ts';

/** The headers of a relayed answer, chosen by the relay (never the upstream's own beyond what it passes). */
export type RelayHeaders = (
  kind: 'playlist' | 'media',
  up: IncomingMessage,
) => Record<string, string | number>;

/**
 * Hands an upstream answer on: a playlist (told by its first bytes) read whole, at most MAX_PLAYLIST_BYTES, and
 * rewritten with every URI through `relay`; anything else streamed as it comes, with the upstream's status (a
 * range's 206). Used by the pull relay for ffmpeg (decision 0364) and by the origin for a feed's titles (0435).
 */
export async function relayAnswer(
  up: IncomingMessage,
  url: string,
  res: ServerResponse,
  relay: (url: string | undefined, role: UriRole) => string,
  headers: RelayHeaders,
): Promise<void> {
  const it = up[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  try {
    const head: Buffer[] = [];
    let size = 0;
    let done = false;
    while (size < PLAYLIST_SNIFF_BYTES) {
      const n = await it.next();
      if (n.done) {
        done = true;
        break;
      }
      head.push(n.value);
      size += n.value.length;
    }
    if (isPlaylistStart(Buffer.concat(head))) {
      while (!done) {
        const n = await it.next();
        if (n.done) break;
        head.push(n.value);
        size += n.value.length;
        if (size > MAX_PLAYLIST_BYTES)
          throw new SourceError(`${url} is a playlist over the limit of ${MAX_PLAYLIST_BYTES} bytes`);
      }
      const body = Buffer.from(rewritePlaylist(Buffer.concat(head).toString('utf8'), url, relay));
      res.writeHead(200, { ...headers('playlist', up), 'content-length': body.length });
      res.end(body);
      return;
    }
    res.writeHead(up.statusCode ?? 200, headers('media', up));
    const rest = { [Symbol.asyncIterator]: () => it };
    async function* body() {
      yield* head;
      if (!done) yield* rest;
    }
    await pipeline(body(), res);
  } finally {
    up.destroy();
  }
}
