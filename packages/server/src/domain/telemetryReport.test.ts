import { describe, expect, it } from 'vitest';
import { buildTelemetryReport, formatTelemetryReport, startupBucket } from './telemetryReport.ts';

const sla = (startupMs: number) => ({
  type: 'streamSla' as const,
  sourceId: 's',
  ts: 1,
  payload: { startupMs },
});

describe('start-up percentiles (nearest rank over the histogram)', () => {
  it('picks the nearest-rank value', () => {
    const report = (v: number[]) => buildTelemetryReport(v.map(sla))[0];
    expect(report([10, 20, 30, 40, 50, 60, 70, 80, 90, 100])).toMatchObject({
      startupP50Ms: 50,
      startupP95Ms: 100,
    });
    expect(report([7])).toMatchObject({ startupP50Ms: 0, startupP95Ms: 0 });
    expect(report([1234, 1234, 1299])).toMatchObject({ startupP50Ms: 1200, startupP95Ms: 1200 });
  });

  it('keeps start-up times to two significant figures', () => {
    expect([5, 999, 1000, 1234, 9999, 10_000, 12_345].map(startupBucket)).toEqual([
      0, 990, 1000, 1200, 9900, 10_000, 12_000,
    ]);
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
