import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { poster } from '../fixtures/fixtures.ts';
import { BannerCarousel, type BannerSlide } from './BannerCarousel.tsx';

const slides: BannerSlide[] = [
  {
    bannerItemId: 'b-1',
    title: 'Harbour Lights',
    genres: [{ name: 'Drama' }, { name: 'Crime' }],
    description: 'A port town keeps its secrets until a storm washes one ashore.',
    image: poster('Harbour Lights', '#1b4f72', 16 / 6),
  },
  {
    bannerItemId: 'b-2',
    title: 'The Long Night',
    genres: [{ name: 'Thriller' }],
    plot: 'A night-shift nurse notices the same visitor at every death.',
    image: poster('The Long Night', '#4a235a', 16 / 6),
  },
  {
    bannerItemId: 'b-3',
    title: 'Summit',
    genres: [{ name: 'Documentary' }],
    description: 'Five climbers, one mountain, no second chances.',
    image: poster('Summit', '#145a32', 16 / 6),
  },
];

const meta = {
  title: 'VOD/BannerCarousel',
  component: BannerCarousel,
  args: { slides, onDetails: fn() },
} satisfies Meta<typeof BannerCarousel>;
export default meta;

type Story = StoryObj<typeof meta>;

export const AutoAdvance: Story = {};
export const Thumbnails: Story = { args: { thumbnails: true } };
export const SingleSlide: Story = { args: { slides: slides.slice(0, 1) } };
