import { useStore } from '@nanostores/react';
import type { Channel, ChannelColumn } from '@ottkit/api-client';
import { ChannelRow } from '@ottkit/ui';
import { $t } from '../stores/lang.ts';
import { $channels, $selectedChannelId, initLineup, selectChannel } from '../stores/channels.ts';

interface Props {
  channels: Channel[];
  columns: ChannelColumn[];
  selectedId: string | null;
}

/** The channel line-up of /liveTv; selecting a row selects the channel for the player island. */
export default function ChannelListIsland({ channels, columns, selectedId }: Props) {
  initLineup(channels, columns, selectedId);
  const lineup = useStore($channels);
  const selected = useStore($selectedChannelId);
  const t = useStore($t);
  return (
    <section aria-label={t('live.channels')}>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {lineup.map((channel) => (
          <li key={channel.logicalChannelId}>
            <ChannelRow
              channel={channel}
              active={channel.logicalChannelId === selected}
              onSelect={() => selectChannel(channel.logicalChannelId)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
