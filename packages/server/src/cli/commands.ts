import { backupCommand, restoreCommand } from './backup.ts';
import { benchLineupCommand } from './benchLineup.ts';
import { clusterCommand, edgeConfigCommand } from './cluster.ts';
import type { Command } from './command.ts';
import { ipCountryCommand } from './ipCountry.ts';
import { libraryCommand } from './library.ts';
import { LIVE_USAGE, liveCommand } from './live.ts';
import { broadcastCommand, guideImportCommand } from './liveAdmin.ts';
import { namesCommand } from './names.ts';
import { noticeCommand } from './notice.ts';
import { operatorCliCommand } from './operator.ts';
import { outboxCommand } from './outbox.ts';
import { plansCommand } from './plans.ts';
import { rechargeCodesCommand } from './rechargeCodes.ts';
import { searchCommand } from './search.ts';
import { serveCommand } from './serve.ts';
import { guideCommand, SOURCES_USAGE, sourcesCommand } from './sources.ts';
import { configCommand } from './settings.ts';
import { telemetryCommand } from './telemetry.ts';
import { zeroTrustCommand } from './zeroTrust.ts';

/**
 * Every operator command, in the order of the usage overview. Adding one is one line here (and its module):
 * the dispatcher, `--help` and the overview come from this list.
 */
export const COMMANDS: readonly Command[] = [
  serveCommand,
  outboxCommand,
  rechargeCodesCommand,
  plansCommand,
  configCommand,
  zeroTrustCommand,
  telemetryCommand,
  noticeCommand,
  namesCommand,
  { name: 'sources', usage: SOURCES_USAGE, run: sourcesCommand },
  { name: 'guide', run: guideCommand },
  guideImportCommand,
  broadcastCommand,
  ipCountryCommand,
  benchLineupCommand,
  { name: 'live', usage: LIVE_USAGE, run: liveCommand },
  operatorCliCommand,
  libraryCommand,
  searchCommand,
  clusterCommand,
  edgeConfigCommand,
  backupCommand,
  restoreCommand,
];
