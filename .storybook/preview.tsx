import type { Preview } from '@storybook/react-vite';
import '../packages/ui/src/tokens.css';
import './preview.css';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i } },
    backgrounds: { disable: true },
  },
};

export default preview;
