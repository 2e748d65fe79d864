import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { NoAuthorityDialog } from './NoAuthorityDialog.tsx';

const meta = {
  title: 'Dialogs/NoAuthorityDialog',
  component: NoAuthorityDialog,
  args: { open: true, viewer: 'user', onClose: fn(), onPurchase: fn(), onLogin: fn() },
} satisfies Meta<typeof NoAuthorityDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const User: Story = {};
export const Guest: Story = { args: { viewer: 'guest' } };
