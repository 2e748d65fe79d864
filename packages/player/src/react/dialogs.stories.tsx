import type { Meta, StoryObj } from '@storybook/react-vite';
import '../styles.css';
import { CatchupPlayerDialog } from './CatchupPlayerDialog.tsx';
import {
  scriptedCore,
  storyChannel,
  storyPosters,
  storyProgramme,
  storyQualities,
} from './stories.fixtures.ts';
import { VodPlayerDialog } from './VodPlayerDialog.tsx';

const playing = { state: 'playing' as const, currentTime: 754, duration: 3600, qualities: storyQualities };

const meta = {
  title: 'Player/CatchupPlayerDialog',
  component: CatchupPlayerDialog,
  args: {
    src: '',
    channel: storyChannel,
    programme: storyProgramme,
    onClose: () => {},
    onAutoNextProgramme: () => {},
  },
} satisfies Meta<typeof CatchupPlayerDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const CatchupPlaying: Story = { args: { core: scriptedCore({ ...playing, mode: 'catchup' }) } };

export const CatchupPaused: Story = {
  args: { core: scriptedCore({ ...playing, mode: 'catchup', state: 'paused', pausedSeconds: 12 }) },
};

export const CatchupNoAuthority: Story = {
  name: 'Catch-up, playback authority lost',
  args: { core: scriptedCore({ ...playing, mode: 'catchup', state: 'paused', controlsDisabled: true }) },
};

export const VodWithEpisodes: StoryObj<typeof VodPlayerDialog> = {
  render: () => (
    <VodPlayerDialog
      src=""
      title="The Series — S1 E1"
      core={scriptedCore({ ...playing, mode: 'vod' })}
      episodes={[
        { metaId: 'e1', episode: 1, title: 'Pilot' },
        { metaId: 'e2', episode: 2, title: 'The Return' },
      ]}
      currentEpisode="e1"
      onEpisodeSelect={() => {}}
      next={{ metaId: 'e2', episode: 2, title: 'The Return' }}
      onPlayNext={() => {}}
      onClose={() => {}}
    />
  ),
};

export const VodAudio: StoryObj<typeof VodPlayerDialog> = {
  name: 'VOD audio item',
  render: () => (
    <VodPlayerDialog
      src=""
      title="Night Radio Special"
      audioOnly
      audioPosters={storyPosters}
      core={scriptedCore({ ...playing, mode: 'vod' })}
      onClose={() => {}}
    />
  ),
};

export const VodFloatingWindow: StoryObj<typeof VodPlayerDialog> = {
  name: 'VOD in picture-in-picture',
  render: () => (
    <VodPlayerDialog
      src=""
      title="Film"
      core={scriptedCore({ ...playing, mode: 'vod', pictureInPicture: true })}
      onClose={() => {}}
    />
  ),
};
