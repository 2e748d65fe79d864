import { describe, expect, it } from 'vitest';
import { buildTelemetryReport, formatTelemetryReport, percentile } from './telemetryReport.ts';

describe('percentile (nearest rank)', () => {
  it('picks the nearest-rank value', () => {
    const v = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100];
    expect(percentile(v, 50)).toBe(50);
    expect(percentile(v, 95)).toBe(100);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 50)).toBeNull();
  });
});

describe('buildTelemetryReport', () => {
  it('gives sources with no start-up data no percentile and no division by zero', () => {
    const rows = buildTelemetryReport([{ type: 'playError', sourceId: 'a', ts: 1, payload: {} }]);
    expect(rows).toEqual([
      { sourceId: 'a', sessions: 0, startupP50Ms: null, startupP95Ms: null, stallRatio: 0, errors: 1 },
    ]);
    expect(formatTelemetryReport(rows)).toMatch(/^source.*\na\s+0\s+-\s+-\s+0\.00%\s+1$/);
  });
});
