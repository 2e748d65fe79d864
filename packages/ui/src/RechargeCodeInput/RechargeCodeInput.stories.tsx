import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { RechargeCodeInput } from './RechargeCodeInput.tsx';

const meta = {
  title: 'Account/RechargeCodeInput',
  component: RechargeCodeInput,
  args: { onConfirm: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}>{Story()}</div>],
} satisfies Meta<typeof RechargeCodeInput>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Busy: Story = { args: { busy: true } };
export const WithError: Story = { args: { error: 'This recharge code is not valid.' } };
