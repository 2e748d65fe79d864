import { describe, expect, it } from 'vitest';
import { isLayoutSetting, LAYOUT_KEY, storedLayout } from './layoutSetting.ts';

describe('the stored layout setting', () => {
  it('reads tv, standard and auto back as kept', () => {
    for (const value of ['tv', 'standard', 'auto'])
      expect(storedLayout({ getItem: (k) => (k === LAYOUT_KEY ? value : null) })).toBe(value);
  });
  it('is auto when nothing, something else, or no storage is there', () => {
    expect(storedLayout({ getItem: () => null })).toBe('auto');
    expect(storedLayout({ getItem: () => 'huge' })).toBe('auto');
    expect(storedLayout(undefined)).toBe('auto');
    expect(
      storedLayout({
        getItem: () => {
          throw new Error('SecurityError');
        },
      }),
    ).toBe('auto');
  });
  it('knows its three values only', () => {
    expect(['tv', 'standard', 'auto'].every(isLayoutSetting)).toBe(true);
    expect(isLayoutSetting('TV')).toBe(false);
    expect(isLayoutSetting(undefined)).toBe(false);
  });
});
