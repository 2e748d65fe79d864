import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConsoleTable, type ConsoleTableProps } from './ConsoleTable.tsx';

type Channel = { id: string; number: number; name: string; plan: string };
const channels: Channel[] = [
  { id: 'lc-001', number: 1, name: 'OTT News 24', plan: 'basic' },
  { id: 'lc-002', number: 2, name: 'Sports One', plan: 'sports' },
  { id: 'lc-003', number: 3, name: 'Kids Planet', plan: 'basic' },
];

const base: ConsoleTableProps<Channel> = {
  label: 'Line-up',
  rows: channels,
  rowKey: (c) => c.id,
  empty: 'No channels yet',
  loading: 'Loading channels',
  columns: [
    { header: 'No.', cell: (c) => c.number },
    { header: 'Name', rowHeader: true, cell: (c) => c.name },
    { header: 'Plan', cell: (c) => c.plan },
  ],
  actionsHeader: 'Actions',
  actions: (c, i) => [
    { label: `Move ${c.name} up`, text: '↑', disabled: i === 0 },
    { label: `Move ${c.name} down`, text: '↓', disabled: i === channels.length - 1 },
    { label: `Edit ${c.name}`, text: '✎' },
    { label: `Live sources of ${c.name}`, text: 'Sources', href: '#sources' },
  ],
};

const meta = {
  title: 'Console/ConsoleTable',
  component: ConsoleTable<Channel>,
  args: base,
} satisfies Meta<typeof ConsoleTable<Channel>>;
export default meta;

type Story = StoryObj<typeof meta>;

export const WithActions: Story = {};
export const ReadOnly: Story = { args: { actions: undefined } };
export const Empty: Story = { args: { rows: [] } };
export const Loading: Story = { args: { rows: undefined } };
export const Phone: Story = { parameters: { viewport: { defaultViewport: 'mobile1' } } };
