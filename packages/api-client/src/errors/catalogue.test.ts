import { describe, expect, it } from 'vitest';
import * as api from '../index.ts';
import { ERROR_CODE_RANGES, errorAreaOf } from './catalogue.ts';

/** Every `…ErrCode` catalogue the package exports (ErrCode, PlaybackErrCode, MessageErrCode, VodErrCode, …). */
function exportedErrCodes(): [string, number][] {
  return Object.entries(api)
    .filter(([name, value]) => name.endsWith('ErrCode') && typeof value === 'object' && value !== null)
    .flatMap(([name, table]) =>
      Object.entries(table as Record<string, unknown>)
        .filter((e): e is [string, number] => typeof e[1] === 'number')
        .map(([key, code]): [string, number] => [`${name}.${key}`, code]),
    );
}

describe('error codes', () => {
  it('are collected from every catalogue the package exports', () => {
    const names = new Set(exportedErrCodes().map(([n]) => n.split('.')[0]));
    expect(names).toContain('ErrCode');
    expect(names).toContain('MessageErrCode');
    expect(names).toContain('PlaybackErrCode');
    expect(names).toContain('MemberSiteErrCode');
  });

  it('each mean one thing: no code is used twice across the catalogues', () => {
    const byCode = new Map<number, string[]>();
    for (const [name, code] of exportedErrCodes()) byCode.set(code, [...(byCode.get(code) ?? []), name]);
    const twice = [...byCode.entries()].filter(([, names]) => names.length > 1);
    expect(twice).toEqual([]);
  });

  it('each sit in the block of an area, and no two blocks overlap', () => {
    const blocks = Object.entries(ERROR_CODE_RANGES).flatMap(([area, ranges]) =>
      ranges.map(([first, last]) => ({ area, first, last })),
    );
    for (const a of blocks) {
      expect(a.first, `${a.area} ${a.first}-${a.last}`).toBeLessThanOrEqual(a.last);
      const overlapping = blocks.filter((b) => b !== a && b.first <= a.last && a.first <= b.last);
      expect(overlapping, `${a.area} ${a.first}-${a.last}`).toEqual([]);
    }
    const outside = exportedErrCodes().filter(([, code]) => errorAreaOf(code) === undefined);
    expect(outside).toEqual([]);
  });

  it("of an area's own catalogue sit in that area's block (PlaybackErrCode in playback, …)", () => {
    const misplaced = exportedErrCodes()
      .filter(([name]) => !name.startsWith('ErrCode.'))
      .map(([name, code]) => {
        const catalogue = name.split('.')[0] as string;
        const area = catalogue.charAt(0).toLowerCase() + catalogue.slice(1, -'ErrCode'.length);
        return { name, code, area, found: errorAreaOf(code) };
      })
      .filter((c) => c.found !== c.area);
    expect(misplaced).toEqual([]);
  });

  it('finds the area of a code, and none for a code outside every block', () => {
    expect(errorAreaOf(api.ErrCode.SESSION_INVALID)).toBe('spec');
    expect(errorAreaOf(api.ErrCode.BAD_JSON)).toBe('request');
    expect(errorAreaOf(api.PlaybackErrCode.CATCHUP_OUT_OF_WINDOW)).toBe('playback');
    expect(errorAreaOf(api.MemberSiteErrCode.TOKEN_INVALID)).toBe('memberSite');
    expect(errorAreaOf(api.ProfileErrCode.PIN_WRONG)).toBe('profile');
    expect(errorAreaOf(10119001)).toBeUndefined();
  });
});
