import type { EpgProgram, ProgramSubscription } from '@ottkit/api-client';
import { describe, expect, it } from 'vitest';
import { maskProgramme, maskProgrammes, programmeHidden } from './guideMask.ts';
import { maskSubscription } from './subscriptionMask.ts';

const HIDDEN = 'Not available on this profile';
const programme = (programId: string, ageRating?: string): EpgProgram => ({
  programId,
  start: 1_000,
  stop: 2_000,
  title: `Title ${programId}`,
  content: `About ${programId}`,
  isCatchup: true,
  multilingualList: [{ lang: 'es', title: `Título ${programId}`, content: `Sobre ${programId}` }],
  ...(ageRating ? { ageRating } : {}),
});
const kids = { max: 'PG' as const, hidden: HIDDEN };

describe('the guide mask (issue 20 §2: programmes above the profile show no texts)', () => {
  it('hides a programme rated above the maximum: neutral title, no description or other texts, same times', () => {
    const p = programme('adult', '18');
    expect(maskProgramme(p, kids)).toEqual({
      ...p,
      title: HIDDEN,
      content: '',
      multilingualList: [],
    });
    expect(p.title).toBe('Title adult');
  });

  it('shows programmes at or below the maximum, and unrated ones, as they are', () => {
    for (const rating of ['G', 'PG', undefined, 'not-a-rating']) {
      const p = programme('x', rating);
      expect(maskProgramme(p, kids)).toBe(p);
      expect(programmeHidden(rating, kids)).toBe(false);
    }
    expect(programmeHidden('12', kids)).toBe(true);
    expect(programmeHidden('18', { max: '16', hidden: HIDDEN })).toBe(true);
    expect(programmeHidden('16', { max: '16', hidden: HIDDEN })).toBe(false);
  });

  it('without a mask (a profile that sees everything) nothing changes', () => {
    const day = [programme('a', '18'), programme('b')];
    expect(maskProgrammes(day, null)).toBe(day);
    expect(maskProgramme(day[0] as EpgProgram, null)).toBe(day[0]);
  });

  it('masks a day: the same array when nothing is hidden, else only the rated programmes change', () => {
    const clean = [programme('a', 'G'), programme('b')];
    expect(maskProgrammes(clean, kids)).toBe(clean);
    const day = [programme('a', 'G'), programme('b', '16'), programme('c')];
    const shown = maskProgrammes(day, kids);
    expect(shown.map((p) => p.title)).toEqual(['Title a', HIDDEN, 'Title c']);
    expect(shown[0]).toBe(day[0]);
    expect(shown.map((p) => [p.programId, p.start, p.stop, p.isCatchup])).toEqual(
      day.map((p) => [p.programId, p.start, p.stop, p.isCatchup]),
    );
  });

  it("shows the neutral text for a reminder whose title the server left out, and others' titles", () => {
    const base = {
      programId: 'p',
      logicalChannelId: 'lc-1',
      start: 1,
      stop: 2,
      channelName: 'One',
      iconUrl: '',
      epgStatus: 'notStart',
    } as const;
    const rated: ProgramSubscription = { ...base, programme: '', ratedAbove: true };
    const open: ProgramSubscription = { ...base, programme: 'News' };
    expect(maskSubscription(rated, HIDDEN).programme).toBe(HIDDEN);
    expect(maskSubscription(open, HIDDEN)).toBe(open);
  });
});
