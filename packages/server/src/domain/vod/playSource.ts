import { ErrCode } from '@ottkit/api-client';
import { VodErrCode } from '@ottkit/api-client/contract';
import { DomainError } from '../errors.ts';
import { vodUrl } from '../../origin/urls.ts';
import type { Db } from '../../store/db.ts';
import { isLocked, type MetaRow, type Viewer } from './catalogue.ts';

/**
 * The origin's URL of an on-demand asset (`origin/urls.ts` vodUrl): its master playlist with a media token of
 * kind `vod` bound to the asset (`vod/<assetId>`) and the account; every URI below it accepts the token.
 */
export function signedVodUrl(
  secret: string,
  assetId: string,
  accountId: string,
  now: number,
  /** Its life, seconds (`mediaTokenTtlSec`): short, the player renews it while it plays (decision 0100). */
  ttlSec: number,
  /** The caller's session: logout revokes the URL (decision 0100). */
  sessionId?: string,
  /** The title this URL plays (its metaId; none for a trailer): the origin counts the play it serves (0389). */
  sourceId?: string,
): { url: string; expiresAt: number } {
  const url = vodUrl(secret, { assetId, accountId, sessionId, ttlSec, sourceId }, now);
  return { url, expiresAt: (Math.floor(now / 1000) + ttlSec) * 1000 };
}

/**
 * Checks a title may be played by this viewer now: it is a MOVIE or EPISODE with a source, still in the
 * catalogue (playbackValidTime), and not locked behind a product the viewer lacks (spec §6, §8).
 */
export function assertPlayable(m: MetaRow, viewer: Viewer): string {
  if (m.meta_type === 'SERIES' || m.meta_type === 'SEASON') {
    throw new DomainError(
      VodErrCode.NOT_PLAYABLE,
      `metaId '${m.meta_id}' is a ${m.meta_type}: play one of its episodes`,
    );
  }
  if (m.playback_valid_time !== null && m.playback_valid_time <= viewer.now) {
    throw new DomainError(
      ErrCode.CONTENT_UNAVAILABLE_FIRST,
      'This content is no longer available. Pick another one.',
    );
  }
  if (isLocked(m, viewer)) {
    throw new DomainError(ErrCode.NO_AUTHORITY_FIRST, 'No authority: this title needs a VOD plan');
  }
  if (!m.asset_id) throw new DomainError(VodErrCode.SOURCE_UNAVAILABLE, 'Unavailable source');
  return m.asset_id;
}

/** The trailers of a title (a season's or an episode's are its series'), in order. */
export function trailersOf(
  db: Db,
  m: MetaRow,
): Promise<{ trailer_id: string; asset_id: string; duration: number }[]> {
  return db.kysely
    .selectFrom('vod_trailers')
    .select(['trailer_id', 'asset_id', 'duration'])
    .where('meta_id', '=', m.series_id ?? m.meta_id)
    .orderBy('seq')
    .execute();
}
