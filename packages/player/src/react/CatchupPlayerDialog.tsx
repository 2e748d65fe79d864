import type { Programme } from '../core/types.ts';
import { withMessages } from '../messages.ts';
import { clockTime } from './format.ts';
import type { LiveChannel } from './LivePlayer.tsx';
import { type OnDemandCommonProps, OnDemandDialog } from './OnDemandDialog.tsx';

export interface CatchupPlayerDialogProps extends OnDemandCommonProps {
  channel: LiveChannel;
  programme: Programme;
  /** Fired when the programme plays to its end: the host plays the following programme. */
  onAutoNextProgramme?: () => void;
  /** Writes a time of day in the host's language; default: the browser's locale. */
  formatTime?: (epochMs: number) => string;
}

/** Full-screen catch-up playback: back arrow, channel header, speeds 0.5–2; ended → auto-next-programme. */
export function CatchupPlayerDialog(props: CatchupPlayerDialogProps) {
  const { channel, programme, formatTime = clockTime } = props;
  const m = withMessages(props.messages);
  return (
    <OnDemandDialog
      {...props}
      mode="catchup"
      id={channel.id}
      label={`${m.player}: ${channel.name} — ${programme.title}`}
      onEnded={props.onAutoNextProgramme}
      header={
        <span className="ottkit-channel">
          {channel.logoUrl ? <img className="ottkit-logo" src={channel.logoUrl} alt="" /> : null}
          {channel.number !== undefined ? <span className="ottkit-number">{channel.number}</span> : null}
          <span className="ottkit-name">{channel.name}</span>
          <span className="ottkit-dialog-title">
            {programme.title}{' '}
            <span className="ottkit-time">
              {formatTime(programme.start)}–{formatTime(programme.stop)}
            </span>
          </span>
        </span>
      }
    />
  );
}
