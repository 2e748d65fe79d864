import { useStore } from '@nanostores/react';
import { LivePlayer } from '@ottkit/player/react';
import { $selectedChannel } from '../stores/channels.ts';
import { $livePlayback, loadLivePlayback } from '../stores/playback.ts';
import { useEffect } from 'react';

/** Plays the channel selected in the line-up. */
export default function LivePlayerIsland() {
  const channel = useStore($selectedChannel);
  const playback = useStore($livePlayback);
  useEffect(() => {
    if (channel) void loadLivePlayback(channel);
  }, [channel]);

  if (!channel) {
    return (
      <section aria-label="Player" className="notice">
        Pick a channel to start watching.
      </section>
    );
  }
  return (
    <section aria-label="Player">
      {playback.state === 'error' ? (
        <p className="notice" role="alert">
          {playback.message}
        </p>
      ) : (
        <LivePlayer
          src={playback.state === 'ready' ? playback.url : undefined}
          channel={{ logoUrl: channel.iconUrl, number: channel.channelSeq, name: channel.logicalChannelName }}
        />
      )}
    </section>
  );
}
