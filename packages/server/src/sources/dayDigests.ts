import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DayRow } from './guide.ts';

/**
 * Digests of the staged rows of each imported guide day (decision 0295): a refresh builds a day (parses its
 * texts, makes its programmes, its checksum, its row diff) only when its staged rows differ from those the
 * stored day was built from. A digest is kept with the checksum it built, so a pair says "these rows build this
 * day"; a day is skipped only when its rows digest the same and the store still holds that checksum. A pair
 * is true whenever it was written, so a stale or lost file costs time, never a wrong guide: an operator's edit
 * of a day (another checksum) or a failed import leaves the day to be built.
 *
 * The pairs are a cache beside the database, one file per source in the data folder (`guide-digests/`), written
 * after the import's transaction commits.
 */
export class DayDigests {
  private readonly next = new Map<string, string>();
  private readonly known: ReadonlyMap<string, string>;
  /** Test seam: called for each day that is built (not skipped). */
  readonly onBuilt?: (epgId: string, day: string) => void;

  constructor(
    known: ReadonlyMap<string, string> = new Map(),
    onBuilt?: (epgId: string, day: string) => void,
  ) {
    this.known = known;
    this.onBuilt = onBuilt;
  }

  /** Whether the day built from rows of this digest is the one stored (`stored`: its checksum, if any). */
  unchanged(epgId: string, day: string, digest: string, stored: string | undefined): boolean {
    const pair = this.known.get(keyOf(epgId, day));
    if (stored === undefined || pair !== `${digest} ${stored}`) return false;
    this.next.set(keyOf(epgId, day), pair);
    return true;
  }

  /** The day built from rows of this digest has this checksum. */
  record(epgId: string, day: string, digest: string, checksum: string): void {
    this.next.set(keyOf(epgId, day), `${digest} ${checksum}`);
  }

  /** The pairs of this import (the days it planned), to keep for the next. */
  pairs(): ReadonlyMap<string, string> {
    return this.next;
  }
}

const keyOf = (epgId: string, day: string) => `${epgId} ${day}`;

/** The digest of one day's staged rows for guide `epgId` (its programme ids are made from it). */
export function dayDigest(epgId: string, rows: readonly DayRow[]): string {
  const hash = createHash('sha1').update(epgId);
  for (const r of rows) hash.update(`\n${r.start_ts}\t${r.stop_ts}\t${r.tags_json}\t${r.texts_json}`);
  return hash.digest('base64url');
}

const fileOf = (dataDir: string, sourceId: number) =>
  join(dataDir, 'guide-digests', `source-${sourceId}.json`);

/** The pairs kept by the source's last import; none without a data folder or a readable file. */
export function loadDayDigests(
  dataDir: string | undefined,
  sourceId: number,
  onBuilt?: (epgId: string, day: string) => void,
): DayDigests {
  let known = new Map<string, string>();
  if (dataDir) {
    try {
      const stored = JSON.parse(readFileSync(fileOf(dataDir, sourceId), 'utf8')) as { days?: unknown };
      if (stored.days && typeof stored.days === 'object')
        known = new Map(Object.entries(stored.days as Record<string, unknown>).filter(isPair));
    } catch {
      // No file yet, or one that cannot be read: every day is built, as without digests.
    }
  }
  return new DayDigests(known, onBuilt);
}

const isPair = (e: [string, unknown]): e is [string, string] => typeof e[1] === 'string';

/** Keeps this import's pairs for the source's next one (after its transaction committed). */
export function saveDayDigests(dataDir: string | undefined, sourceId: number, digests: DayDigests): void {
  if (!dataDir) return;
  const file = fileOf(dataDir, sourceId);
  try {
    mkdirSync(join(dataDir, 'guide-digests'), { recursive: true });
    // Written whole then renamed: a reader never sees half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify({ days: Object.fromEntries(digests.pairs()) }));
    renameSync(`${file}.tmp`, file);
  } catch {
    // The import is committed: a file not written (a full disk) only makes the next refresh build every day.
  }
}

/** Removes a removed source's pairs (its id is never given again: nothing would read them). */
export function forgetDayDigests(dataDir: string, sourceId: number): void {
  rmSync(fileOf(dataDir, sourceId), { force: true });
}
