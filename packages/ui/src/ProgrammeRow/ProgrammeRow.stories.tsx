import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ProgrammeRow } from './ProgrammeRow.tsx';

const start = Date.UTC(2026, 10, 22, 18, 0);
const programme = {
  programId: 'p-1',
  programme: 'Evening News',
  start,
  stop: start + 45 * 60_000,
  status: 'notStart' as const,
};
const utc = (ms: number) => new Date(ms).toISOString().slice(11, 16);

const meta = {
  title: 'Live/ProgrammeRow',
  component: ProgrammeRow,
  args: { programme, action: 'subscribe', formatTime: utc, onAction: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}>{Story()}</div>],
} satisfies Meta<typeof ProgrammeRow>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Subscribe: Story = {};
export const Subscribed: Story = { args: { action: 'subscribed' } };
export const Playing: Story = {
  args: { programme: { ...programme, status: 'playing' }, action: 'playing', current: true },
};
export const Playback: Story = {
  args: { programme: { ...programme, status: 'finished' }, action: 'playback' },
};
export const PlaybackNeedsPurchase: Story = {
  args: { programme: { ...programme, status: 'finished' }, action: 'playback', lock: 'purchase' },
};
export const PlaybackLockedForGuest: Story = {
  args: { programme: { ...programme, status: 'finished' }, action: 'playback', lock: 'lock' },
};
export const FinishedOutsideWindow: Story = {
  args: { programme: { ...programme, status: 'finished' }, action: 'none' },
};
