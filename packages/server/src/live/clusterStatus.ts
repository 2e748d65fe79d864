import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LockHolder, SharedState } from '../shared/sharedState.ts';
import type { LiveChannelStatus, LiveStatus } from './liveStatus.ts';

/**
 * `live status` for the whole cluster (decision 0317). Every serving process writes its own view of the live
 * channels to `live/status/<process>.json` (one shared file had each process overwrite the others, so the CLI
 * showed whichever wrote last: `idle` from a process that only follows the packager). A reader takes, per
 * channel, the view of the process that holds its packager lock (`live:<channel>` in the shared state) and says
 * who that is and since when.
 */

/** A status older than this says nothing about now (its process stopped or hangs). */
export const STATUS_FRESH_MS = 10_000;
/** Status files of processes gone this long are removed by the next process that starts. */
const STALE_FILE_MS = 60_000;

export const statusDir = (dataDir: string) => join(dataDir, 'live', 'status');

/** The file of one process: its lock owner name, kept to file-name characters. */
export const statusFileOf = (dataDir: string, owner: string) =>
  join(statusDir(dataDir), `${owner.replace(/[^\w.-]/g, '_')}.json`);

export function writeStatusFile(dataDir: string, status: LiveStatus): void {
  mkdirSync(statusDir(dataDir), { recursive: true });
  writeFileSync(statusFileOf(dataDir, status.owner ?? 'process'), `${JSON.stringify(status)}\n`);
}

/** Every process's fresh status (`now - at` under STATUS_FRESH_MS), newest first. */
export function readStatusFiles(dataDir: string, now: number): LiveStatus[] {
  let names: string[] = [];
  try {
    names = readdirSync(statusDir(dataDir)).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  const found: LiveStatus[] = [];
  for (const name of names) {
    try {
      const s = JSON.parse(readFileSync(join(statusDir(dataDir), name), 'utf8')) as LiveStatus;
      if (now - s.at < STATUS_FRESH_MS) found.push(s);
    } catch {
      // Being replaced right now, or not ours: the next read has it.
    }
  }
  return found.sort((a, b) => b.at - a.at);
}

/** Files of processes that stopped long ago (a kill -9 leaves its file behind). */
export function removeStaleStatusFiles(dataDir: string, now: number): void {
  let names: string[] = [];
  try {
    names = readdirSync(statusDir(dataDir));
  } catch {
    return;
  }
  for (const name of names) {
    const file = join(statusDir(dataDir), name);
    try {
      if (now - statSync(file).mtimeMs > STALE_FILE_MS) rmSync(file, { force: true });
    } catch {
      // Gone meanwhile.
    }
  }
}

/**
 * The server an owner (`host:pid:id`, supervisor.ts) runs on, as the console names it (decision 0370): its host
 * name, stable across restarts and what an operator logs in to; the pid and id stay in the log and `live status`.
 */
export const serverOfOwner = (owner: string) => owner.split(':')[0] || owner;

/** The packager lock's name of a channel (decision 0305): the one place it is spelled. */
export const packagerLock = (logicalChannelId: string) => `live:${logicalChannelId}`;

/**
 * Who holds each channel's packager lock, from the shared state (Redis in a cluster); undefined when this shared
 * state cannot tell (another implementation) or does not answer (Redis down: the files' own claims are used).
 */
export async function packagerHolders(
  shared: SharedState | undefined,
  ids: string[],
): Promise<Map<string, LockHolder | undefined> | undefined> {
  if (!shared?.holders || ids.length === 0) return undefined;
  try {
    const found = await shared.holders(ids.map(packagerLock));
    return new Map(ids.map((id, i) => [id, found[i]]));
  } catch {
    return undefined;
  }
}

/**
 * One status per channel for the cluster (`ids`, or every channel some process reports): the view of the process
 * that holds the channel's packager (from the shared lock when known, else the process that says it holds it),
 * with `packager` naming that process and since when; a channel nobody packages has the newest view, no packager.
 */
export function clusterChannelStatus(
  statuses: LiveStatus[],
  holders: Map<string, LockHolder | undefined> | undefined,
  ids?: string[],
): LiveChannelStatus[] {
  const views = statuses.map((s) => ({
    owner: s.owner,
    byId: new Map(s.channels.map((c) => [c.logicalChannelId, c])),
  }));
  const wanted = ids ?? [...new Set(views.flatMap((v) => [...v.byId.keys()]))];
  return wanted.flatMap((id) => {
    const seen = views.flatMap((v) => {
      const c = v.byId.get(id);
      return c ? [{ owner: v.owner, c }] : [];
    });
    const first = seen[0];
    if (!first) return [];
    const holder = holders ? holders.get(id) : seen.find((v) => v.c.packager)?.c.packager;
    const chosen = (holder && seen.find((v) => v.owner === holder.owner)) || first;
    const { packager: _claimed, ...rest } = chosen.c;
    return [holder ? { ...rest, packager: { owner: holder.owner, since: holder.since } } : rest];
  });
}

/**
 * What `live status` and the operator's live calls show (decision 0317): every fresh process view of this data
 * folder (this process's own live one, `own`, in place of its file), one per channel as above, the packagers from
 * `shared` (Redis in a cluster; the files' claims without it).
 */
export async function clusterLiveStatus(o: {
  dataDir: string;
  now: number;
  shared?: SharedState;
  own?: LiveStatus;
  ids?: string[];
}): Promise<LiveChannelStatus[]> {
  const files = readStatusFiles(o.dataDir, o.now).filter((s) => !o.own || s.owner !== o.own.owner);
  const statuses = o.own ? [o.own, ...files] : files;
  const ids = o.ids ?? [...new Set(statuses.flatMap((s) => s.channels.map((c) => c.logicalChannelId)))];
  return clusterChannelStatus(statuses, await packagerHolders(o.shared, ids), ids);
}
