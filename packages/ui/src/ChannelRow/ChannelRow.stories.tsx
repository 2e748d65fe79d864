import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleChannel, svgLogo } from '../fixtures/fixtures.ts';
import { ChannelRow } from './ChannelRow.tsx';

const meta = {
  title: 'Live/ChannelRow',
  component: ChannelRow,
  args: { channel: sampleChannel, onSelect: fn(), onToggleFavorite: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 420 }}>{Story()}</div>],
} satisfies Meta<typeof ChannelRow>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Idle: Story = {};

export const Active: Story = {
  args: { active: true, currentProgramme: 'World Report — the day in 30 minutes, with weather and markets' },
};

/** A programme hidden from the profile (decision 0310): its neutral text stands still, whole. */
export const ActiveHiddenProgramme: Story = {
  args: { active: true, currentProgramme: 'Not available', currentProgrammeStill: true },
};

export const Favorite: Story = { args: { channel: { ...sampleChannel, isFavorite: true } } };

export const NoLiveAuthority: Story = {
  args: { channel: { ...sampleChannel, liveAuthority: false, playBackAuthority: false } },
};

export const NoPlaybackAuthority: Story = {
  args: { channel: { ...sampleChannel, playBackAuthority: false } },
};

export const WithoutGuide: Story = { args: { channel: { ...sampleChannel, epgId: '' } } };

export const WithoutLogo: Story = { args: { channel: { ...sampleChannel, iconUrl: '' } } };

export const LineUp: Story = {
  render: (args) => (
    <div>
      {[
        { ...sampleChannel },
        {
          ...sampleChannel,
          logicalChannelId: 'lc-102',
          logicalChannelName: 'Kids Planet',
          channelSeq: 102,
          iconUrl: svgLogo('KP', '#a238ff'),
          isFavorite: true,
        },
        {
          ...sampleChannel,
          logicalChannelId: 'lc-103',
          logicalChannelName: 'Sport Max',
          channelSeq: 103,
          iconUrl: svgLogo('SM', '#d73a49'),
          liveAuthority: false,
          playBackAuthority: false,
        },
        {
          ...sampleChannel,
          logicalChannelId: 'lc-104',
          logicalChannelName: 'Radio Jazz',
          channelSeq: 104,
          iconUrl: svgLogo('RJ', '#2da44e'),
          epgId: '',
        },
      ].map((channel, index) => (
        <ChannelRow
          key={channel.logicalChannelId}
          {...args}
          channel={channel}
          active={index === 0}
          currentProgramme="Morning Briefing"
        />
      ))}
    </div>
  ),
};
