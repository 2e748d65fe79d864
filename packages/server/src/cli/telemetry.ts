import { formatTelemetryReport } from '../domain/telemetryReport.ts';
import { telemetryReportSince } from '../domain/telemetryRetention.ts';
import { type Command, UsageError, withStore } from './command.ts';

/** The operator's view of how playback went (spec §7 telemetry), over the last N days (7 by default). */
export const telemetryCommand: Command = {
  name: 'telemetry',
  usage:
    '  telemetry [--days N]                                              per-channel start-up p50/p95, stall ratio, errors',
  run: (args) =>
    withStore(args, { days: { type: 'string' } }, ({ db, values }) => {
      const days = Number(values.days ?? 7);
      if (!Number.isFinite(days) || days <= 0) throw new UsageError('--days takes a positive number');
      console.log(formatTelemetryReport(telemetryReportSince(db, Date.now() - days * 86_400_000)));
      return 0;
    }),
};
