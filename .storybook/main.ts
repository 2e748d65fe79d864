import type { StorybookConfig } from '@storybook/react-vite';

// Storybook for the UI kit and the player's React faces. It must build offline: telemetry, crash reports and
// the "what's new" feed are off, and no addon that fetches anything is used.
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../packages/ui/src/**/*.stories.tsx', '../packages/player/src/**/*.stories.tsx'],
  addons: [],
  core: {
    disableTelemetry: true,
    enableCrashReports: false,
    disableWhatsNewNotifications: true,
  },
  typescript: { reactDocgen: 'react-docgen' },
};

export default config;
