import type { Meta, StoryObj } from '@storybook/react-vite';
import { svgLogo } from '../fixtures/fixtures.ts';
import { ChannelLogo } from './ChannelLogo.tsx';

const meta = {
  title: 'Live/ChannelLogo',
  component: ChannelLogo,
  args: { src: svgLogo('N24'), name: 'Ottkit News 24', size: 40 },
} satisfies Meta<typeof ChannelLogo>;
export default meta;

type Story = StoryObj<typeof meta>;

/** As the channel list shows it (40 px). */
export const List: Story = {};
/** As the guide grid shows it (32 px). */
export const Grid: Story = { args: { size: 32, src: svgLogo('KP', '#a238ff'), name: 'Kids Planet' } };
/** No logo: the name's first two letters. */
export const WithoutLogo: Story = { args: { src: '' } };
/** No logo where the name shows beside it (the grid): nothing. */
export const WithoutLogoNorFallback: Story = { args: { src: '', fallback: false } };
