import { useStore } from '@nanostores/react';
import { LivePlayer } from '@ottkit/player/react';
import '@ottkit/player/styles.css';
import { $selectedChannel } from '../stores/channels.ts';
import { $t } from '../stores/lang.ts';
import { $livePlayback, loadLivePlayback } from '../stores/playback.ts';
import { useEffect } from 'react';

/** Plays the channel selected in the line-up. */
export default function LivePlayerIsland() {
  const channel = useStore($selectedChannel);
  const playback = useStore($livePlayback);
  const t = useStore($t);
  useEffect(() => {
    if (channel) void loadLivePlayback(channel);
  }, [channel]);

  if (!channel) {
    return (
      <section aria-label={t('live.player')} className="notice">
        {t('live.pickChannel')}
      </section>
    );
  }
  return (
    <section aria-label={t('live.player')}>
      {playback.state === 'error' ? (
        <p className="notice" role="alert">
          {t(playback.messageKey)}
        </p>
      ) : (
        <LivePlayer
          src={playback.state === 'ready' ? playback.url : undefined}
          channel={{
            id: channel.logicalChannelId,
            logoUrl: channel.iconUrl,
            number: channel.channelSeq,
            name: channel.logicalChannelName,
          }}
        />
      )}
    </section>
  );
}
