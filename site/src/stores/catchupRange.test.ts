import { describe, expect, it, vi } from 'vitest';

vi.mock('../lib/api.ts', () => ({ browserApi: {} }));
const { recordedPart } = await import('./catchupRange.ts');

const MIN = 60_000;
const from = Date.UTC(2026, 5, 1, 15, 31);
const recorded = { recorded: true, recordedFrom: from };

/** Issue 36: Playback was offered for programmes that ended before the recording began. */
describe('recordedPart', () => {
  it('is all of any programme on a channel whose catch-up is not a recording, or unknown', () => {
    const p = { start: from - 60 * MIN, stop: from - 30 * MIN };
    expect(recordedPart(p, { recorded: false, recordedFrom: null })).toEqual({ kind: 'all' });
    expect(recordedPart(p, undefined)).toEqual({ kind: 'all' });
  });

  it('is none of a programme that ended before the recording began, or when nothing is recorded', () => {
    expect(recordedPart({ start: from - 60 * MIN, stop: from }, recorded)).toEqual({ kind: 'none' });
    expect(recordedPart({ start: from, stop: from + MIN }, { recorded: true, recordedFrom: null })).toEqual({
      kind: 'none',
    });
  });

  it('is the part from the recording start of a programme that began before it', () => {
    expect(recordedPart({ start: from - 30 * MIN, stop: from + 30 * MIN }, recorded)).toEqual({
      kind: 'from',
      from,
    });
  });

  it('is all of a programme that began once recording', () => {
    expect(recordedPart({ start: from, stop: from + 30 * MIN }, recorded)).toEqual({ kind: 'all' });
  });
});
