import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { REFRESH_MINUTES } from '@ottkit/api-client/contract';
import { openDataStore } from '../dataStore.ts';
import { FREE_PRODUCT_ID } from '../domain/authority.ts';
import type { Db } from '../store/db.ts';
import { type LineupSource, listSources, type SourceCounts, setSourceGroupsNow } from '../store/sources.ts';
import { isUrl } from '../sources/input.ts';
import { CLI_ACTOR } from '../operator/audit.ts';
import { runJob } from '../operator/jobs.ts';
import { counted, SCHEDULE_JOB_OWNER, sourceRefreshWork } from '../operator/sourceJobs.ts';
import { previewSource, upstreamLimits } from '../sources/importer.ts';
import { lineupImporter } from '../sources/lineupImporter.ts';
import {
  addSource,
  editSource,
  mapGuide,
  namedSource,
  publicSource,
  removeSource,
  SourceError,
  unmapGuide,
  unmappedReport,
} from '../sources/manage.ts';
import { dueSources } from '../sources/schedule.ts';
import { UsageError } from './command.ts';
import { maskSecrets } from '../upstream/maskSecrets.ts';

export const SOURCES_USAGE = `  sources add NAME --m3u URL|FILE [--xmltv URL|FILE] [--refresh-minutes N] [--product ID]
  sources add NAME --xtream SERVER --user U --password P [--xmltv URL|FILE]
  sources add NAME --xmltv URL|FILE                                  a line-up or guide source (issue 16)
  sources preview NAME                                              the groups it offers, with channel counts
  sources import NAME [--groups "News,Sports"]                      import (the chosen groups; all by default)
  sources refresh NAME | --due                                      update from upstream (channels keep their ids)
  sources edit NAME [--url URL] [--xmltv URL] [--user U] [--password P] [--refresh-minutes N]
                                                                    change it; what is not given stays
  sources remove NAME                                               remove it (its channels stay in the line-up)
  sources status                                                    last refresh, counts, skipped, last error
  guide map CHANNEL_ID XMLTV_ID | guide unmap CHANNEL_ID            hand mapping (survives refreshes)
  guide unmapped                                                    imported channels without a guide`;

const OPTIONS = {
  data: { type: 'string' },
  m3u: { type: 'string' },
  xmltv: { type: 'string' },
  xtream: { type: 'string' },
  url: { type: 'string' },
  user: { type: 'string' },
  password: { type: 'string' },
  groups: { type: 'string' },
  product: { type: 'string' },
  'refresh-minutes': { type: 'string' },
  due: { type: 'boolean' },
} as const;

function open(args: string[]) {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  const { config, db } = openDataStore(values.data);
  return { db, values, positionals, dataDir: config.dataDir };
}

function sourceNamed(db: Db, name: string | undefined): LineupSource {
  if (!name) throw new UsageError('a source name is required');
  return namedSource(db, name);
}

function formatCounts(c: SourceCounts): string {
  const parts: string[] = [];
  if (c.channels !== undefined)
    parts.push(
      `${counted(c.channels, 'channel')} (${c.added ?? 0} added, ${c.updated ?? 0} updated, ${c.removed ?? 0} removed)`,
    );
  if (c.programmes !== undefined)
    parts.push(`${c.programmes} programmes in ${c.guideChannels ?? 0} guide channels`);
  if (c.mapped !== undefined) parts.push(`${c.mapped} mapped, ${c.unmapped ?? 0} unmapped`);
  if (c.daysChanged !== undefined) parts.push(`${c.daysChanged} guide days changed`);
  if (c.lockMs !== undefined) parts.push(`write lock held ${(c.lockMs / 1000).toFixed(1)} s`);
  const skipped = Object.entries(c.skipped ?? {});
  parts.push(
    skipped.length === 0 ? 'nothing skipped' : `skipped: ${skipped.map(([r, n]) => `${n} ${r}`).join(', ')}`,
  );
  return parts.join('; ');
}

function add(db: Db, name: string | undefined, v: ReturnType<typeof open>['values']): Promise<LineupSource> {
  if (!name) throw new UsageError('a source name is required');
  const minutes = Number(v['refresh-minutes'] ?? REFRESH_MINUTES.default);
  const common = {
    name,
    refreshMinutes: minutes,
    productId: v.product ?? FREE_PRODUCT_ID,
    xtreamUser: '',
    xtreamPassword: '',
  };
  const local = (loc: string) => (isUrl(loc) ? loc : resolve(loc));
  if (v.m3u)
    return addSource(
      db,
      { ...common, kind: 'm3u', location: local(v.m3u), guideLocation: v.xmltv ? local(v.xmltv) : '' },
      CLI_ACTOR,
      Date.now(),
    );
  if (v.xtream) {
    if (!v.user || !v.password) throw new UsageError('--xtream needs --user and --password');
    if (!isUrl(v.xtream)) throw new Error('--xtream takes the panel address, http(s)://host[:port]');
    return addSource(
      db,
      {
        ...common,
        kind: 'xtream',
        location: v.xtream,
        xtreamUser: v.user,
        xtreamPassword: v.password,
        guideLocation: v.xmltv ? local(v.xmltv) : '',
      },
      CLI_ACTOR,
      Date.now(),
    );
  }
  if (v.xmltv)
    return addSource(
      db,
      { ...common, kind: 'xmltv', location: local(v.xmltv), guideLocation: '' },
      CLI_ACTOR,
      Date.now(),
    );
  throw new UsageError('say what the source is: --m3u, --xtream or --xmltv');
}

/**
 * Imports or refreshes a source as a job the console's jobs list shows (by `owner`: `cli`, or `schedule` for the
 * server's scheduled `--due` runs), audited with its counts before and after. Throws the job's error in words.
 */
async function refresh(
  db: Db,
  s: LineupSource,
  dataDir: string,
  kind: 'source.import' | 'source.refresh' = 'source.refresh',
  owner = CLI_ACTOR.id,
): Promise<void> {
  const work = sourceRefreshWork(db, s, kind, CLI_ACTOR, {
    dataDir,
    now: Date.now,
    importer: lineupImporter,
    onCounts: (counts) => console.log(`${s.name}: ${formatCounts(counts)}`),
  });
  const job = await runJob(db, { kind, target: s.name, createdBy: owner }, work, Date.now);
  if (job.status === 'failed') throw new Error(job.error);
}

function status(db: Db): void {
  const sources = listSources(db);
  if (sources.length === 0) console.log('No sources yet (see: sources add).');
  for (const s of sources) {
    const when = s.lastRefreshAt ? new Date(s.lastRefreshAt).toISOString() : 'never';
    const took = s.lastDurationMs === undefined ? '' : ` in ${(s.lastDurationMs / 1000).toFixed(1)} s`;
    console.log(
      `${s.name} [${s.kind}] ${s.status}, last refresh ${when}${took}, every ${s.refreshMinutes} min`,
    );
    // As the console shows it: the panel's user, never its password, in the address or the guide's.
    const shown = publicSource(s);
    console.log(`  from ${shown.location}${shown.guideLocation ? `, guide ${shown.guideLocation}` : ''}`);
    if (s.groups) console.log(`  groups: ${s.groups.join(', ')}`);
    if (Object.keys(s.counts).length > 0) console.log(`  ${formatCounts(s.counts)}`);
    if (s.lastError) console.log(`  last error: ${maskSecrets(s.lastError)}`);
  }
}

/** `ottkit-server sources …` */
export async function sourcesCommand(args: string[]): Promise<number> {
  const { db, values, positionals, dataDir } = open(args);
  try {
    const [verb, name] = positionals;
    switch (verb) {
      case 'add': {
        const s = await add(db, name, values);
        console.log(
          `source ${s.name} added (${s.kind}); next: sources preview ${s.name}, then sources import ${s.name}`,
        );
        return 0;
      }
      case 'preview': {
        const p = await previewSource(sourceNamed(db, name), await upstreamLimits(db));
        for (const g of p.groups) console.log(`${String(g.channels).padStart(6)}  ${g.name}`);
        console.log(
          `${p.channels} channels in ${p.groups.length} groups${p.guideLocation ? `; guide ${p.guideLocation}` : '; no guide'}`,
        );
        if (p.skipped.total > 0) console.log(`skipped: ${p.skipped.summary()}`);
        return 0;
      }
      case 'import': {
        const s = sourceNamed(db, name);
        const groups = values.groups
          ?.split(',')
          .map((g) => g.trim())
          .filter(Boolean);
        await setSourceGroupsNow(db, s.sourceId, groups);
        await refresh(db, { ...s, groups }, dataDir, 'source.import');
        return 0;
      }
      case 'refresh': {
        if (values.due) {
          const due = await dueSources(db, Date.now());
          let failed = 0;
          for (const s of due)
            await refresh(db, s, dataDir, 'source.refresh', SCHEDULE_JOB_OWNER).catch((e: Error) => {
              failed++;
              console.error(`${s.name}: ${maskSecrets(e.message)}`);
            });
          if (due.length === 0) console.log('No source is due.');
          return failed > 0 ? 1 : 0;
        }
        await refresh(db, sourceNamed(db, name), dataDir);
        return 0;
      }
      case 'edit': {
        const s = sourceNamed(db, name);
        const minutes = values['refresh-minutes'];
        const local = (loc: string | undefined) => (loc === undefined || isUrl(loc) ? loc : resolve(loc));
        const changes = {
          location: local(values.url),
          guideLocation: local(values.xmltv),
          refreshMinutes: minutes === undefined ? undefined : Number(minutes),
          xtreamUser: values.user,
          xtreamPassword: values.password,
        };
        if (Object.values(changes).every((v) => v === undefined))
          throw new UsageError('say what to change: --url, --xmltv, --user, --password or --refresh-minutes');
        await editSource(db, s.name, changes, CLI_ACTOR, Date.now());
        console.log(`source ${s.name} changed; the next refresh reads it (sources refresh ${s.name})`);
        return 0;
      }
      case 'remove': {
        const channels = await removeSource(db, sourceNamed(db, name).name, dataDir, CLI_ACTOR, Date.now());
        console.log(`source ${name} removed; ${counted(channels, 'channel')} kept in the line-up`);
        return 0;
      }
      case 'status':
        status(db);
        return 0;
      default:
        console.log(`Usage:\n${SOURCES_USAGE}`);
        return verb === undefined ? 0 : 2;
    }
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`${e.message}\nUsage:\n${SOURCES_USAGE}`);
      return 2;
    }
    // An upstream's error names its URL (preview, import): printed with its secrets masked.
    if (e instanceof Error) e.message = maskSecrets(e.message);
    throw e;
  } finally {
    db.close();
  }
}

/** `ottkit-server guide map|unmap|unmapped`: hand mappings take effect at once (the guide's source is re-read). */
export async function guideCommand(args: string[]): Promise<number> {
  const { db, positionals, dataDir } = open(args);
  try {
    const [verb, channelId, xmltvId] = positionals;
    if ((verb === 'map' || verb === 'unmap') && !channelId) {
      console.error('a channel id is required');
      return 2;
    }
    if (verb === 'map' && !xmltvId) {
      console.error('an XMLTV channel id is required: guide map CHANNEL_ID XMLTV_ID');
      return 2;
    }
    if (verb === 'map') {
      const { channel, guideSource } = await mapGuide(db, channelId as string, xmltvId as string, CLI_ACTOR, {
        dataDir,
        now: Date.now,
      });
      console.log(
        `${channel.logicalChannelId} (${channel.name}) now takes its guide from ${xmltvId} of ${guideSource.name}`,
      );
      return 0;
    }
    if (verb === 'unmap') {
      const { channel } = await unmapGuide(db, channelId as string, CLI_ACTOR, { dataDir, now: Date.now });
      console.log(
        `${channel.logicalChannelId} (${channel.name}) has no guide now; automatic mapping will leave it so`,
      );
      return 0;
    }
    if (verb === 'unmapped') {
      const report = await unmappedReport(db);
      for (const { channel: c, candidates } of report.channels) {
        const near = candidates.map((x) => `${x.xmltvId} "${x.name}" ${x.score}`);
        console.log(`${c.logicalChannelId}  ${c.name}${c.tvgId ? ` (tvg-id ${c.tvgId})` : ''}`);
        console.log(`    closest: ${near.length > 0 ? near.join('; ') : 'none'}`);
      }
      console.log(`${report.channels.length} of ${report.imported} imported channels have no guide.`);
      return 0;
    }
    console.log(`Usage:\n${SOURCES_USAGE}`);
    return verb === undefined ? 0 : 2;
  } catch (e) {
    if (e instanceof SourceError) {
      console.error(e.message);
      return 2;
    }
    throw e;
  } finally {
    db.close();
  }
}
