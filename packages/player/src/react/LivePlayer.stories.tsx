import type { Meta, StoryObj } from '@storybook/react-vite';
import '../styles.css';
import { LivePlayer } from './LivePlayer.tsx';
import {
  liveBar,
  scriptedCore,
  storyChannel,
  storyNext,
  storyPosters,
  storyProgramme,
  storyQualities,
  storyTracks,
} from './stories.fixtures.ts';

const meta = {
  title: 'Player/LivePlayer',
  component: LivePlayer,
  args: {
    channel: storyChannel,
    now: storyProgramme,
    next: storyNext,
    favorite: false,
    onFavoriteToggle: () => {},
  },
  decorators: [(Story) => <div style={{ maxWidth: 720 }}>{Story()}</div>],
} satisfies Meta<typeof LivePlayer>;
export default meta;

type Story = StoryObj<typeof meta>;

const playing = {
  state: 'playing' as const,
  mode: 'live' as const,
  bar: liveBar(8_000),
  qualities: storyQualities,
};

export const Loading: Story = { args: { core: scriptedCore({ state: 'loading' }) } };

export const Playing: Story = { args: { core: scriptedCore(playing) } };

/** Audio and subtitle menus, a Spanish cue above the control bar. */
export const Languages: Story = { args: { core: scriptedCore({ ...playing, ...storyTracks }) } };

export const ErrorState: Story = {
  name: 'Error',
  args: {
    core: scriptedCore({
      state: 'error',
      error: { code: 'manifestLoadError', message: 'manifestLoadError (HTTP 404)', kind: 'network' },
    }),
  },
};

export const NoAuthority: Story = { args: { core: scriptedCore({ ...playing, locked: true, bar: null }) } };

export const TimeShift: Story = {
  name: 'Time-shift',
  args: { core: scriptedCore({ ...playing, mode: 'timeshift', bar: liveBar(20 * 60_000) }) },
};

export const BackToLiveConfirm: Story = {
  name: 'Back-to-live confirm',
  args: {
    core: scriptedCore({
      ...playing,
      state: 'paused',
      mode: 'timeshift',
      confirm: 'backToLive',
      bar: liveBar(60_000),
    }),
  },
};

export const TimeShiftError: Story = {
  name: 'Time-shift error tip',
  args: {
    core: scriptedCore({
      ...playing,
      state: 'error',
      mode: 'timeshift',
      retries: 4,
      error: { code: 'fragLoadError', message: 'fragLoadError', kind: 'timeshift' },
    }),
  },
};

export const BarDisabled: Story = {
  name: 'Bar disabled (under 110 s)',
  args: {
    core: scriptedCore({
      ...playing,
      bar: { ...liveBar(0), seekableStart: liveBar(0).live - 60_000, enabled: false },
    }),
  },
};

export const AudioChannel: Story = {
  args: { core: scriptedCore(playing), audioOnly: true, audioPosters: storyPosters },
};

export const BroadcastChannel: Story = {
  name: 'Broadcast channel (no Favorite)',
  args: { core: scriptedCore(playing), broadcast: true },
};

export const WithMarquee: Story = {
  args: {
    core: scriptedCore(playing),
    marquee: (
      <div style={{ background: '#333', padding: 4 }}>Service notice: maintenance tonight at 02:00.</div>
    ),
  },
};

export const Spanish: Story = {
  args: {
    core: scriptedCore({ ...playing, mode: 'timeshift', bar: liveBar(20 * 60_000) }),
    messages: {
      backToLive: 'Volver al directo',
      now: 'Ahora',
      next: 'Después',
      favorite: 'Favorito',
      pause: 'Pausa',
    },
  },
};

/** Issue 41: the delay menu and the statistics overlay of a channel playing LL-HLS parts (opened by the story). */
export const LowLatencyStatistics: Story = {
  name: 'Low latency: statistics',
  args: {
    core: scriptedCore({
      ...playing,
      latencyPreference: 'lowest',
      stats: {
        lowLatency: true,
        partsOffered: true,
        fellBack: false,
        latencyMs: 1_640,
        targetLatencyMs: 1_200,
        bufferMs: 1_200,
        bitrate: 2_400_000,
        height: 720,
        rate: 1.15,
      },
    }),
  },
  play: async ({ canvasElement }) => {
    canvasElement.querySelector<HTMLButtonElement>('button[aria-label="Statistics"]')?.click();
  },
};
