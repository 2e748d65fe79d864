import { describe, expect, it } from 'vitest';
import { createT } from '../i18n/index.ts';
import { durationText } from './vodCards.ts';

describe('durationText', () => {
  const t = createT('en');

  it('shows seconds for a title under a minute (issue 36: a 30-second title was "1 min")', () => {
    expect(durationText(t, 30)).toBe('30 s');
    expect(durationText(t, 59.4)).toBe('59 s');
  });

  it('shows minutes, rounded up, from a minute on', () => {
    expect(durationText(t, 60)).toBe('1 min');
    expect(durationText(t, 61)).toBe('2 min');
    expect(durationText(t, 5400)).toBe('90 min');
  });

  it('speaks every language', () => {
    expect(durationText(createT('es'), 30)).toBe('30 s');
    expect(durationText(createT('pt'), 120)).toBe('2 min');
  });
});
