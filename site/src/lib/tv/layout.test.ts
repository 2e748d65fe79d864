import { describe, expect, it } from 'vitest';
import { LAYOUT_KEY, LAYOUT_SCRIPT } from './layout.ts';

const desktop =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const tizen =
  'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.5) AppleWebKit/537.36 (KHTML, like Gecko) 85.0 TV Safari/537.36';
const webos =
  'Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0 Safari/537.36';
const fire =
  'Mozilla/5.0 (Linux; Android 9; AFTMM Build/PS7233) AppleWebKit/537.36 (KHTML, like Gecko) Silk/98.3';

/** Runs the inline script against a page address, a user agent and this browser's storage; returns the layout. */
function run(userAgent: string, search = '', stored: Record<string, string> = {}) {
  const attrs: Record<string, string> = {};
  const storage = {
    getItem: (k: string) => stored[k] ?? null,
    setItem: (k: string, v: string) => {
      stored[k] = v;
    },
  };
  const document = { documentElement: { setAttribute: (k: string, v: string) => (attrs[k] = v) } };
  new Function('location', 'localStorage', 'navigator', 'document', LAYOUT_SCRIPT)(
    { search },
    storage,
    { userAgent },
    document,
  );
  return { layout: attrs['data-layout'], stored };
}

describe('the tv layout choice (inline script)', () => {
  it('a TV browser gets the tv layout by its user agent', () => {
    for (const ua of [tizen, webos, fire]) expect(run(ua).layout).toBe('tv');
    expect(run(desktop).layout).toBe('standard');
  });

  it('the setting wins over the user agent both ways, and ?layout= sets it', () => {
    expect(run(desktop, '', { [LAYOUT_KEY]: 'tv' }).layout).toBe('tv');
    expect(run(tizen, '', { [LAYOUT_KEY]: 'standard' }).layout).toBe('standard');
    const asked = run(desktop, '?layout=tv');
    expect(asked).toEqual({ layout: 'tv', stored: { [LAYOUT_KEY]: 'tv' } });
    expect(run(tizen, '?layout=auto', { [LAYOUT_KEY]: 'standard' }).layout).toBe('tv');
  });

  it('an unknown ?layout= changes nothing', () => {
    expect(run(desktop, '?layout=TV', { [LAYOUT_KEY]: 'standard' })).toEqual({
      layout: 'standard',
      stored: { [LAYOUT_KEY]: 'standard' },
    });
  });
});
