import { describe, expect, it } from 'vitest';
import { diskFullMessage, isDiskFull } from './diskFull.ts';

describe('isDiskFull', () => {
  it('knows SQLITE_FULL and ENOSPC, and nothing else', () => {
    expect(isDiskFull(Object.assign(new Error('database or disk is full'), { errcode: 13 }))).toBe(true);
    expect(isDiskFull(Object.assign(new Error('x'), { errcode: 13 | (1 << 8) }))).toBe(true);
    expect(
      isDiskFull(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })),
    ).toBe(true);
    expect(isDiskFull(Object.assign(new Error('UNIQUE constraint failed'), { errcode: 19 }))).toBe(false);
    expect(isDiskFull(undefined)).toBe(false);
  });

  it('names the path that could not be written', () => {
    const err = Object.assign(new Error('ENOSPC'), { code: 'ENOSPC', path: '/data/media/x.m4s' });
    expect(diskFullMessage(err, '/data/ottkit.db')).toMatch(
      /^disk full: cannot write to \/data\/media\/x\.m4s/,
    );
    expect(diskFullMessage(new Error('database or disk is full'), '/data/ottkit.db')).toMatch(
      /\/data\/ottkit\.db/,
    );
  });
});
