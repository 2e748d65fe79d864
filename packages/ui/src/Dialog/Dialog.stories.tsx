import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { dialogButton } from './buttons.ts';
import { Dialog } from './Dialog.tsx';

const meta = {
  title: 'Dialogs/Dialog',
  component: Dialog,
  args: {
    open: true,
    title: 'Dialog title',
    onClose: fn(),
    children: <p>Focus stays inside; Escape closes; focus returns to where it was.</p>,
    footer: (
      <>
        <button type="button" className={dialogButton.secondary}>
          Cancel
        </button>
        <button type="button" className={dialogButton.primary}>
          Confirm
        </button>
      </>
    ),
  },
} satisfies Meta<typeof Dialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Narrow: Story = { args: { width: 400 } };
export const WithoutCloseButton: Story = { args: { showCloseButton: false, closeOnBackdrop: false } };
