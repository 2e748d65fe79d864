import type { CompiledQuery } from 'kysely';
import { upstreamAllowSetting } from '../domain/appConfig.ts';
import type { RemoteVideos } from '../origin/remoteVideos.ts';
import { titleAssetStatements } from '../operator/titles.ts';
import type { Db } from '../store/db.ts';

// Titles whose video is HLS already, played from their feed's URL (decision 0435): an asset id of its own per URL,
// so a title whose URL changes gets a new asset (the origin, the edge and players never see an asset change), and
// nothing is transcoded or stored but the URL.

/** The statements that give `metaId` the remote video `url` as asset `assetId` (with the title's own rows). */
export function remoteVideoStatements(
  db: Db,
  metaId: string,
  video: { assetId: string; url: string; durationSec: number },
  now: number,
): CompiledQuery[] {
  return [
    db.kysely
      .insertInto('remote_videos')
      .values({ asset_id: video.assetId, url: video.url, created_at: now })
      .compile(),
    ...titleAssetStatements(
      db,
      metaId,
      { assetId: video.assetId, durationSec: video.durationSec, qualities: [] },
      now,
    ),
  ];
}

/** The origin's look-up of remote assets: each found one kept for the process's life (an asset never moves). */
export function remoteVideosOf(db: Db): RemoteVideos {
  const known = new Map<string, string>();
  return {
    async url(assetId) {
      const kept = known.get(assetId);
      if (kept) return kept;
      const r = await db.kysely
        .selectFrom('remote_videos')
        .select('url')
        .where('asset_id', '=', assetId)
        .executeTakeFirst();
      if (r) known.set(assetId, r.url);
      return r?.url;
    },
    allow: () => upstreamAllowSetting(db),
  };
}

/** Whether the title's video is played from a feed's URL (the console marks it so). */
export async function isRemoteVideo(db: Db, assetId: string | null): Promise<boolean> {
  if (!assetId) return false;
  const r = await db.kysely
    .selectFrom('remote_videos')
    .select('asset_id')
    .where('asset_id', '=', assetId)
    .executeTakeFirst();
  return r !== undefined;
}
