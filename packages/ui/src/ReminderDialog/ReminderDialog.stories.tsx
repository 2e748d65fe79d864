import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { svgLogo } from '../fixtures/fixtures.ts';
import { ReminderDialog } from './ReminderDialog.tsx';

const start = Date.UTC(2026, 10, 22, 20, 0);
const first = {
  programId: 'p-1',
  logicalChannelId: 'lc-103',
  programme: 'Cup Final: Harbour FC v. City',
  channelName: 'Sport Max',
  iconUrl: svgLogo('SM', '#d73a49'),
  start,
  stop: start + 7_200_000,
};
const utc = (ms: number) => new Date(ms).toISOString().slice(11, 16);

const meta = {
  title: 'Dialogs/ReminderDialog',
  component: ReminderDialog,
  args: { open: true, reminders: [first], onWatchNow: fn(), onIgnore: fn(), formatTime: utc },
} satisfies Meta<typeof ReminderDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const One: Story = {};
export const Several: Story = {
  args: {
    reminders: [
      first,
      {
        ...first,
        programId: 'p-2',
        logicalChannelId: 'lc-101',
        channelName: 'Ottkit News 24',
        programme: 'Late News',
      },
    ],
  },
};
