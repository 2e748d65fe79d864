import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { gridFixture } from './GuideGrid.fixtures.ts';
import { GuideGrid } from './GuideGrid.tsx';

const from = Date.UTC(2026, 10, 24, 0, 0);
const now = Date.UTC(2026, 10, 24, 12, 40);
const utc = (ms: number) => new Date(ms).toISOString().slice(11, 16);
const small = gridFixture(12, from, now);
const large = gridFixture(500, from, now);

const meta = {
  title: 'Live/GuideGrid',
  component: GuideGrid,
  args: {
    label: 'Guide grid',
    channels: small.channels,
    programmes: small.programmes,
    from,
    to: from + 86_400_000,
    now,
    selectedChannelId: 'lc-1',
    formatTime: utc,
    onSelectChannel: fn(),
    onProgramme: fn(),
  },
} satisfies Meta<typeof GuideGrid>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Today: Story = {};
/** 500 channels: only the rows and hours near the view are drawn. */
export const FiveHundredChannels: Story = {
  args: { channels: large.channels, programmes: large.programmes },
};
/** Rows whose programmes are still being read show a placeholder. */
export const Loading: Story = { args: { programmes: new Map() } };
/** Another day: no now line, opens at its start. */
export const Tomorrow: Story = { args: { from: from + 86_400_000, to: from + 2 * 86_400_000 } };
