import type { Migration } from '../migrations.ts';

/**
 * Drawn logos are PNGs (version 496, decision 0354): a line-up stored before holds the drawing's `.svg` address
 * (`/media/logo/<id>.svg`) for every channel without a logo of its own; it becomes `drawnLogoUrl`'s `.png`, so an
 * existing data folder's guide scrolls as fast as a new one's. Addresses of the operator's own logos are left alone.
 */
export const drawnLogoMigrations: Migration[] = [
  {
    version: 496,
    name: 'drawn logos as PNG',
    sql: `
UPDATE channels SET icon_url = '/media/logo/' || logical_channel_id || '.png'
  WHERE icon_url = '/media/logo/' || logical_channel_id || '.svg';
UPDATE channel_audio_posters SET url = '/media/logo/' || logical_channel_id || '.png'
  WHERE url = '/media/logo/' || logical_channel_id || '.svg';
`,
  },
];
