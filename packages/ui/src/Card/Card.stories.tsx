import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { poster } from '../fixtures/fixtures.ts';
import { Card, type CardItem } from './Card.tsx';

const movie: CardItem = {
  cardId: 'c-1',
  metaId: 'm-1',
  metaType: 'MOVIE',
  title: 'The Long Night',
  poster: poster('The Long Night', '#34495e'),
  rating: 7.25,
};
const now = Date.UTC(2026, 10, 22, 12);

const meta = {
  title: 'VOD/Card',
  component: Card,
  args: { card: movie, onOpen: fn(), onPlay: fn(), onDetails: fn(), onSelectedChange: fn() },
  decorators: [(Story) => <div style={{ padding: 48 }}>{Story()}</div>],
} satisfies Meta<typeof Card>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Movie: Story = {};
export const Series: Story = { args: { card: { ...movie, metaType: 'SERIES', title: 'Harbour Lights' } } };
export const Locked: Story = { args: { card: { ...movie, locked: true } } };
export const ExpiredGuide: Story = { args: { card: { ...movie, epgSourceStatus: 2 } } };
export const RemainingTime: Story = {
  args: { card: { ...movie, playbackValidTime: now + 26 * 3_600_000 }, now },
};
/** Far off, the badge names the date (the host passes its language's date rule). */
export const AvailableUntil: Story = {
  args: {
    card: { ...movie, playbackValidTime: now + 1815 * 86_400_000 },
    now,
    formatDate: (ms: number) => new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(ms),
  },
};
export const WithoutTitle: Story = { args: { showTitle: false } };
export const Portrait: Story = {
  args: { aspect: '2:3', card: { ...movie, poster: poster('Portrait', '#8e44ad', 2 / 3) } },
};
export const EditMode: Story = { args: { editMode: true, selected: true } };
