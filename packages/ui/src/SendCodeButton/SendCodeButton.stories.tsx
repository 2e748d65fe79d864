import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { SendCodeButton } from './SendCodeButton.tsx';

const meta = {
  title: 'Account/SendCodeButton',
  component: SendCodeButton,
  args: { onSend: fn() },
} satisfies Meta<typeof SendCodeButton>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Ready: Story = {};
export const Disabled: Story = { args: { disabled: true } };
export const ShortCountdown: Story = { args: { seconds: 5 } };
