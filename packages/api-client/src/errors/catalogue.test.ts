import { describe, expect, it } from 'vitest';
import * as api from '../index.ts';

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
  });

  it('each mean one thing: no code is used twice across the catalogues', () => {
    const byCode = new Map<number, string[]>();
    for (const [name, code] of exportedErrCodes()) byCode.set(code, [...(byCode.get(code) ?? []), name]);
    const twice = [...byCode.entries()].filter(([, names]) => names.length > 1);
    expect(twice).toEqual([]);
  });
});
