#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { guideLangSchema } from '@ottkit/api-client/contract';
import { z } from 'zod';
import { DAY_MS, dayStart, type GuideProgram } from '../seed/epg.ts';
import type { Db } from '../store/db.ts';
import { setBroadcast } from '../store/live.ts';
import { putGuideDay } from './epg.ts';

const text = z.object({
  lang: guideLangSchema,
  title: z.string().min(1).max(200),
  content: z.string().max(2000),
});
const programSchema = z
  .object({
    programId: z.string().min(1).max(128).optional(),
    start: z.number().int(),
    stop: z.number().int(),
    isCatchup: z.boolean().default(true),
    texts: z.array(text).min(1),
  })
  .strict();

/**
 * Checks an operator's programmes for one UTC day: each starts within the day, ends after it starts, in order
 * without overlap, with an English text. Gaps are allowed (an operator's guide may have them). Missing ids are
 * made from the guide and the start, like the generated ones.
 */
export function parseGuideDay(epgId: string, day: string, input: unknown): GuideProgram[] {
  const list = z.array(programSchema).max(500).parse(input);
  const from = dayStart(day);
  const out: GuideProgram[] = [];
  let previousStop = Number.NEGATIVE_INFINITY;
  list.forEach((p, i) => {
    const where = `programme ${i + 1}`;
    if (p.start < from || p.start >= from + DAY_MS)
      throw new Error(`${where} does not start on ${day} (UTC)`);
    if (p.stop <= p.start) throw new Error(`${where} ends before it starts`);
    if (p.start < previousStop) throw new Error(`${where} overlaps the one before`);
    if (!p.texts.some((t) => t.lang === 'en')) throw new Error(`${where} has no English title`);
    previousStop = p.stop;
    out.push({
      programId: p.programId ?? `${epgId}-${p.start / 1000}`,
      start: p.start,
      stop: p.stop,
      isCatchup: p.isCatchup,
      texts: [...p.texts].sort((a, b) => a.lang.localeCompare(b.lang)),
    });
  });
  return out;
}

/** Replaces one day of a guide with the operator's programmes; true when the day changed (its checksum moves). */
export function importGuideDay(db: Db, epgId: string, day: string, input: unknown, now: number): boolean {
  return putGuideDay(db, epgId, day, parseGuideDay(epgId, day, input), now);
}

const USAGE = `Usage (add --data DIR to any):
  node src/domain/liveAdmin.ts broadcast <logicalChannelId> <ISO time>       when the broadcast channel opens
  node src/domain/liveAdmin.ts guide-import <epgId> <YYYY-MM-DD> <file.json>  replace one UTC day of a guide`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { data: { type: 'string' } },
  });
  const [command, a, b, c] = positionals;
  const { loadConfig } = await import('../config.ts');
  const { openDb } = await import('../store/db.ts');
  const { migrate } = await import('../store/migrations.ts');
  const { seedIfEmpty } = await import('../seed/index.ts');
  const config = loadConfig(values.data ? { dataDir: values.data } : {});
  const db = openDb(join(config.dataDir, 'ottkit.db'));
  try {
    migrate(db);
    seedIfEmpty(db, config);
    if (command === 'broadcast' && a && b) {
      const at = Date.parse(b);
      if (Number.isNaN(at)) throw new Error(`not a time: ${b}`);
      if (!db.get('SELECT 1 AS x FROM channels WHERE logical_channel_id = ?', a))
        throw new Error(`no channel ${a}`);
      setBroadcast(db, a, at);
      console.log(`${a} opens at ${new Date(at).toISOString()}`);
      return 0;
    }
    if (command === 'guide-import' && a && b && c) {
      const changed = importGuideDay(db, a, b, JSON.parse(readFileSync(resolve(c), 'utf8')), Date.now());
      console.log(changed ? `${a} ${b} replaced` : `${a} ${b} unchanged`);
      return 0;
    }
    console.log(USAGE);
    return 2;
  } finally {
    db.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    },
  );
}
