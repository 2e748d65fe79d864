import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LivePlayer } from './LivePlayer.tsx';

describe('server render', () => {
  it('renders without a window and leaves loading to the browser', async () => {
    expect(typeof window).toBe('undefined');
    await import('../element/define.ts'); // the element entry is import-safe on a server too
    const html = renderToString(<LivePlayer src="a.m3u8" channel={{ name: 'News One', number: 1 }} />);
    expect(html).toContain('<video');
    expect(html).toContain('data-state="idle"');
  });
});
