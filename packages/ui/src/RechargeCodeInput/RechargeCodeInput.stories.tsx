import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { sampleRechargeCodeLength } from '../fixtures/fixtures.ts';
import { RechargeCodeInput } from './RechargeCodeInput.tsx';

const meta = {
  title: 'Account/RechargeCodeInput',
  component: RechargeCodeInput,
  // The site passes the contract's RECHARGE_CODE_LENGTH.
  args: { length: sampleRechargeCodeLength, onConfirm: fn() },
  decorators: [(Story) => <div style={{ maxWidth: 480 }}>{Story()}</div>],
} satisfies Meta<typeof RechargeCodeInput>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Busy: Story = { args: { busy: true } };
export const WithError: Story = { args: { error: 'This recharge code is not valid.' } };
