import type { Meta, StoryObj } from '@storybook/react-vite';
import { EmptyTip } from './EmptyTip.tsx';

const meta = { title: 'Feedback/EmptyTip', component: EmptyTip } satisfies Meta<typeof EmptyTip>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const CustomText: Story = { args: { text: 'No favourites yet' } };
