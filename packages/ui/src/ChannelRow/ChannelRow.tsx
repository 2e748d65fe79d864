import { ChannelLogo } from '../ChannelLogo/ChannelLogo.tsx';
import { HeartIcon, LockIcon, PlaybackIcon, PlaybackLockedIcon } from '../icons/index.ts';
import { VisuallyHidden } from '../internal/VisuallyHidden.tsx';
import { formatMessage, useMessages } from '../messages/index.ts';
import styles from './ChannelRow.module.css';

/**
 * The channel fields the row shows, declared here so the kit's types stand alone (decision 0196); a full
 * `Channel` of `@ottkit/api-client` fits (checked by `src/contractFit.ts`).
 */
export interface ChannelRowChannel {
  logicalChannelId: string;
  logicalChannelName: string;
  channelSeq: number;
  iconUrl: string;
  isFavorite: boolean;
  liveAuthority: boolean;
  playBackAuthority: boolean;
  epgId: string;
}

/** What the playback (catch-up) icon shows: nothing without a guide, otherwise by playback authority. */
export type ChannelRowPlayback = 'none' | 'available' | 'locked';

export interface ChannelRowProps {
  channel: ChannelRowChannel;
  /** The channel being played; only the active row scrolls its current programme. */
  active?: boolean;
  /** Title of the programme on air now (shown, scrolling, while active). */
  currentProgramme?: string;
  /**
   * The current programme's text is a status, not a title (a programme hidden from the profile, decision 0310):
   * it shows still and whole instead of scrolling by.
   */
  currentProgrammeStill?: boolean;
  onSelect?: (logicalChannelId: string) => void;
  /** Called with the state the viewer asks for; the site decides (login required) and passes `isFavorite` back. */
  onToggleFavorite?: (logicalChannelId: string, nextIsFavorite: boolean) => void;
}

/** Spec §2: a playback icon when the channel has a guide id, a different one without playback authority. */
export function channelRowPlayback(
  channel: Pick<ChannelRowChannel, 'epgId' | 'playBackAuthority'>,
): ChannelRowPlayback {
  if (!channel.epgId) return 'none';
  return channel.playBackAuthority ? 'available' : 'locked';
}

/**
 * A live channel in the line-up (spec §2): favourite heart with the channel number, logo, lock without live
 * authority, name, the current programme scrolling while active, and the catch-up icon.
 *
 * @example <ChannelRow channel={channel} active currentProgramme="News at 9" onSelect={play} />
 */
export function ChannelRow({
  channel,
  active = false,
  currentProgramme,
  currentProgrammeStill = false,
  onSelect,
  onToggleFavorite,
}: ChannelRowProps) {
  const messages = useMessages();
  const playback = channelRowPlayback(channel);
  const locked = !channel.liveAuthority;
  const name = channel.logicalChannelName;
  const favoriteLabel = formatMessage(channel.isFavorite ? messages.favoriteRemove : messages.favoriteAdd, {
    channel: name,
  });

  return (
    <div
      className={styles.row}
      data-state={active ? 'active' : 'idle'}
      data-locked={locked ? 'true' : 'false'}
      data-playback={playback}
    >
      <button
        type="button"
        className={styles.favorite}
        aria-pressed={channel.isFavorite}
        data-favorite={channel.isFavorite ? 'true' : 'false'}
        onClick={() => onToggleFavorite?.(channel.logicalChannelId, !channel.isFavorite)}
      >
        <HeartIcon filled={channel.isFavorite} size={16} />
        {/* Named by text, not aria-label: the number shows here but is said by the channel button beside it. */}
        <VisuallyHidden>{favoriteLabel}</VisuallyHidden>
        <span className={styles.number} aria-hidden="true">
          {channel.channelSeq}
        </span>
      </button>
      <button
        type="button"
        className={styles.select}
        aria-current={active ? 'true' : undefined}
        onClick={() => onSelect?.(channel.logicalChannelId)}
      >
        <span className={styles.logo}>
          <ChannelLogo src={channel.iconUrl} name={name} size={40} />
          {locked && (
            <span className={styles.lock} data-testid="channel-lock">
              <LockIcon size={14} />
            </span>
          )}
        </span>
        <span className={styles.text}>
          <span className={styles.name}>{name}</span>
          <VisuallyHidden>
            {` ${formatMessage(messages.channelNumber, { number: channel.channelSeq })}`}
            {locked && `, ${messages.noLiveAuthority}`}
          </VisuallyHidden>
          {active && currentProgramme && (
            <>
              <VisuallyHidden>
                {`, ${formatMessage(messages.nowPlaying, { programme: currentProgramme })}`}
              </VisuallyHidden>
              {/* The moving copy is for the eye only; the line above is what is announced. */}
              <span
                className={styles.programme}
                data-still={currentProgrammeStill ? 'true' : undefined}
                aria-hidden="true"
              >
                <span className={styles.programmeText}>{currentProgramme}</span>
              </span>
            </>
          )}
        </span>
        {playback !== 'none' && (
          <span className={styles.playback} data-testid="channel-playback">
            {playback === 'available' ? <PlaybackIcon size={18} /> : <PlaybackLockedIcon size={18} />}
            <VisuallyHidden>
              {playback === 'available' ? messages.catchupAvailable : messages.catchupLocked}
            </VisuallyHidden>
          </span>
        )}
      </button>
    </div>
  );
}
