import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Marquee } from './Marquee.tsx';

const meta = {
  title: 'Notices/Marquee',
  component: Marquee,
  args: {
    notice: {
      id: 'n-1',
      msg: 'Cup Final tonight at 20:00 on Sport Max — free for every subscriber.',
      properties: { backgroundcolor: '#1b2a4a', textcolor: '#ffd166', textsize: '18' },
    },
    onAnimationEnd: fn(),
  },
} satisfies Meta<typeof Marquee>;
export default meta;

type Story = StoryObj<typeof meta>;

export const OperatorColours: Story = {};
export const ThemeDefaults: Story = {
  args: { notice: { id: 'n-2', msg: 'Scheduled maintenance at 02:00 UTC.' } },
};
export const MarkupShownAsText: Story = {
  args: { notice: { id: 'n-3', msg: '<b>not bold</b> <script>alert(1)</script>' } },
};
