import type { Playlist, VodCard } from '@ottkit/api-client';
import { describe, expect, it } from 'vitest';
import { ratedFor } from './homeRating.ts';

const card = (metaId: string, ageRating?: string) =>
  ({ metaId, ...(ageRating ? { ageRating } : {}) }) as VodCard;
const row = (id: string, list: VodCard[]) =>
  ({ playlistId: id, list }) as unknown as Playlist & { list: VodCard[] };

describe('ratedFor (the shared home rows for a profile with a maximum rating)', () => {
  const rows = [row('a', [card('g', 'G'), card('r', '18'), card('u')]), row('b', [card('r2', '16')])];

  it('leaves out cards above the maximum, keeps unrated ones, and drops rows left empty', () => {
    const out = ratedFor(rows, 'PG');
    expect(out.map((r) => [r.playlistId, r.list.map((c) => c.metaId)])).toEqual([['a', ['g', 'u']]]);
  });

  it('keeps everything without a limit', () => {
    expect(ratedFor(rows, null)).toBe(rows);
    expect(ratedFor(rows, '16').flatMap((r) => r.list.map((c) => c.metaId))).toEqual(['g', 'u', 'r2']);
  });
});
