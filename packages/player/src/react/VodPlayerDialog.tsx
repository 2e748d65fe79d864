import { withMessages } from '../messages.ts';
import { type OnDemandCommonProps, OnDemandDialog } from './OnDemandDialog.tsx';

export interface VodEpisode {
  metaId: string;
  episode: number;
  title: string;
}

export interface VodPlayerDialogProps extends OnDemandCommonProps {
  title: string;
  /** Episodes of the season for the episode selector. */
  episodes?: readonly VodEpisode[];
  /** metaId of the episode playing. */
  currentEpisode?: string;
  onEpisodeSelect?: (metaId: string) => void;
  /** The next episode, when there is one: shows Play next, and ending plays it. */
  next?: VodEpisode | null;
  onPlayNext?: (next: VodEpisode) => void;
}

/** Full-screen VOD playback: title, play next, episode selector, speeds; PiP shows the floating-window message. */
export function VodPlayerDialog(props: VodPlayerDialogProps) {
  const m = withMessages(props.messages);
  const { next, episodes, onPlayNext, onEpisodeSelect } = props;
  const playNext = next && onPlayNext ? () => onPlayNext(next) : undefined;
  return (
    <OnDemandDialog
      {...props}
      mode="vod"
      id={props.meta?.metaId}
      label={`${m.player}: ${props.title}`}
      onEnded={playNext}
      pipMessage
      header={<span className="ottkit-dialog-title">{props.title}</span>}
      extra={
        <>
          {episodes && episodes.length > 0 && onEpisodeSelect ? (
            <select
              className="ottkit-select"
              aria-label={m.episodes}
              value={props.currentEpisode ?? ''}
              onChange={(e) => onEpisodeSelect(e.target.value)}
            >
              {episodes.map((ep) => (
                <option key={ep.metaId} value={ep.metaId}>
                  {ep.episode}. {ep.title}
                </option>
              ))}
            </select>
          ) : null}
          {playNext ? (
            <button type="button" className="ottkit-text-btn" onClick={playNext}>
              {m.playNext}
            </button>
          ) : null}
        </>
      }
    />
  );
}
