import type { Meta, StoryObj } from '@storybook/react-vite';
import { HorizontalScroller } from './HorizontalScroller.tsx';

const tiles = Array.from({ length: 16 }, (_, i) => (
  <div
    key={String(i)}
    style={{
      width: 240,
      height: 135,
      borderRadius: 8,
      background: `hsl(${(i * 37) % 360} 50% 30%)`,
      display: 'grid',
      placeItems: 'center',
      color: '#fff',
    }}
  >
    Title {i + 1}
  </div>
));

const meta = {
  title: 'Layout/HorizontalScroller',
  component: HorizontalScroller,
  args: { label: 'Trending now', children: tiles },
} satisfies Meta<typeof HorizontalScroller>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Desktop: Story = {};
export const Fits: Story = { args: { label: 'Short row', children: tiles.slice(0, 2) } };
export const Phone: Story = {
  decorators: [(Story) => <div style={{ maxWidth: 375 }}>{Story()}</div>],
  parameters: { viewport: { defaultViewport: 'mobile1' } },
};
/** Tabs: the arrows sit beside the strip, so no label is ever under one. */
export const TabsArrowsBeside: Story = {
  args: {
    label: 'Categories',
    arrows: 'beside',
    children: ['Favorites', 'News', 'Sports', 'Kids', 'Entertainment', 'Radio', 'Documentary'].map((name) => (
      <span
        key={name}
        style={{ padding: '6px 14px', borderRadius: 999, border: '1px solid #2d3444', color: '#fff' }}
      >
        {name}
      </span>
    )),
  },
  decorators: [(Story) => <div style={{ maxWidth: 360 }}>{Story()}</div>],
};
