import { describe, expect, it } from 'vitest';
import { ageRatingOf } from './ageRating.ts';

describe('ageRatingOf (XMLTV <rating><value> onto the profiles scale)', () => {
  it('keeps the scale, maps common systems by name and a bare age to the step at or above it', () => {
    expect(['G', 'PG', '12', '16', '18'].map(ageRatingOf)).toEqual(['G', 'PG', '12', '16', '18']);
    expect(['TV-Y', 'TV-PG', 'PG-13', 'TV-14', 'R', 'TV-MA', 'nc-17'].map(ageRatingOf)).toEqual([
      'G',
      'PG',
      '12',
      '16',
      '16',
      '18',
      '18',
    ]);
    expect(['0', '7', '10', '15', 'FSK 16', '18+', '21'].map(ageRatingOf)).toEqual([
      'G',
      'PG',
      '12',
      '16',
      '16',
      '18',
      '18',
    ]);
  });

  it('answers null (unrated, shown to everyone) for nothing or an unknown value', () => {
    expect([undefined, null, '', ' ', 'Unrated', 'XYZ'].map(ageRatingOf)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
