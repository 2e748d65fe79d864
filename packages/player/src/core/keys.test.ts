import { describe, expect, it } from 'vitest';
import { keyAction } from './keys.ts';

describe('keyboard map', () => {
  it('maps space/k, f, m, arrows and Esc', () => {
    expect(keyAction(' ', 'vod')).toEqual({ type: 'togglePlay' });
    expect(keyAction('k', 'live')).toEqual({ type: 'togglePlay' });
    expect(keyAction('f', 'live')).toEqual({ type: 'fullscreen' });
    expect(keyAction('m', 'live')).toEqual({ type: 'mute' });
    expect(keyAction('ArrowRight', 'vod')).toEqual({ type: 'seekBy', seconds: 10 });
    expect(keyAction('ArrowLeft', 'catchup')).toEqual({ type: 'seekBy', seconds: -10 });
    expect(keyAction('ArrowUp', 'live')).toEqual({ type: 'volumeBy', delta: 0.1 });
    expect(keyAction('Escape', 'vod')).toEqual({ type: 'close' });
  });

  it('live has no arrow seeking (time-shift is a bar click) and unknown keys do nothing', () => {
    expect(keyAction('ArrowLeft', 'live')).toBeNull();
    expect(keyAction('x', 'vod')).toBeNull();
  });
});
