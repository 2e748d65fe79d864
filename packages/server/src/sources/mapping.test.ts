import { describe, expect, it } from 'vitest';
import { GuideIndex, normaliseName } from './mapping.ts';

describe('normaliseName', () => {
  it('keeps what identifies the channel', () => {
    expect(normaliseName('BBC One HD')).toBe('bbcone');
    expect(normaliseName('UK: BBC One (backup)')).toBe('bbcone');
    expect(normaliseName('bbc-one')).toBe('bbcone');
    expect(normaliseName('Télé Québec FHD')).toBe('telequebec');
    expect(normaliseName('Food & Travel 4K')).toBe('foodandtravel');
    expect(normaliseName('Canal+ 1080p')).toBe('canal');
    expect(normaliseName('HD')).toBe('');
  });
});

describe('GuideIndex', () => {
  const index = new GuideIndex([
    { sourceId: 1, xmltvId: 'bbc1.uk', names: ['BBC One', 'BBC 1'] },
    { sourceId: 2, xmltvId: 'bbc1.uk', names: ['BBC One London'] },
    { sourceId: 2, xmltvId: 'Sport.One', names: ['Sport One'] },
    { sourceId: 2, xmltvId: 'cnn', names: ['CNN International'] },
  ]);
  const ch = (tvgId: string, name: string, sourceId = 2) => ({
    logicalChannelId: 'x',
    sourceId,
    tvgId,
    name,
  });

  it("maps by tvg-id first (exactly, then ignoring case), preferring the channel's own source", () => {
    expect(index.auto(ch('bbc1.uk', 'Anything'))).toEqual({ sourceId: 2, xmltvId: 'bbc1.uk', by: 'id' });
    expect(index.auto(ch('bbc1.uk', 'Anything', 1))).toEqual({ sourceId: 1, xmltvId: 'bbc1.uk', by: 'id' });
    expect(index.auto(ch('sport.one', 'Anything'))).toEqual({ sourceId: 2, xmltvId: 'Sport.One', by: 'id' });
  });

  it('then by normalised display name; else nothing', () => {
    expect(index.auto(ch('unknown', 'UK: BBC 1 HD', 1))).toEqual({
      sourceId: 1,
      xmltvId: 'bbc1.uk',
      by: 'name',
    });
    expect(index.auto(ch('', 'SPORT ONE (backup)'))).toEqual({
      sourceId: 2,
      xmltvId: 'Sport.One',
      by: 'name',
    });
    expect(index.auto(ch('', 'CNN'))).toBeUndefined();
  });

  it('lists the closest candidates by name, best first', () => {
    const near = index.candidates('CNN Intl');
    expect(near[0]).toMatchObject({ xmltvId: 'cnn', name: 'CNN International' });
    expect(near[0]?.score).toBeGreaterThan(near[1]?.score ?? 0);
    expect(index.candidates('zzzz')).toEqual([]);
  });
});
