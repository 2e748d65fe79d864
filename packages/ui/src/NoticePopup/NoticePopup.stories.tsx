import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { NoticePopup } from './NoticePopup.tsx';

const meta = {
  title: 'Notices/NoticePopup',
  component: NoticePopup,
  args: {
    open: true,
    notice: {
      id: 'n-1',
      msg: 'Scheduled maintenance tonight from 02:00 to 03:00 UTC.\nLive TV may pause briefly.',
    },
    onOk: fn(),
  },
} satisfies Meta<typeof NoticePopup>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const MarkupShownAsText: Story = {
  args: { notice: { id: 'n-2', title: 'Heads up', msg: '<b>Not bold</b> <script>alert(1)</script>' } },
};
