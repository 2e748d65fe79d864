/**
 * Channel list call cost at 500 and 10,000 channels (issue 16, decision 0174), in process, CPU time: the
 * line-up read on every call (as before decision 0174: its version moved before each call) beside the line-up
 * kept per version, and the answer's JSON text, built per call or joined from kept channel texts (decision 0251). A synthetic line-up (packages/server/src/seed/channels.ts),
 * in a temporary database; no guide.
 *
 * Run: node_modules/.bin/node bench/channel-list.ts [--channels 500,10000] [--calls 20]
 * Not part of the tests. The load average is printed with the figures (CPU time is what to compare).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Viewer } from '../packages/server/src/domain/accessRules.ts';
import { channelListText } from '../packages/server/src/domain/channelListText.ts';
import { channelListFor, channelListParts } from '../packages/server/src/domain/channels.ts';
import { syntheticLineup } from '../packages/server/src/seed/channels.ts';
import { seedLineup } from '../packages/server/src/seed/lineup.ts';
import { insertChannel } from '../packages/server/src/store/channels.ts';
import { openDb } from '../packages/server/src/store/db.ts';
import { migrate } from '../packages/server/src/store/migrations.ts';

const { values } = parseArgs({
  options: { channels: { type: 'string', default: '500,10000' }, calls: { type: 'string', default: '20' } },
});
const CALLS = Number(values.calls);
const NOW = Date.now();
const viewer: Viewer = { ip: '203.0.113.9', mac: '', region: 'US', accounts: [] };

/** CPU ms of one call, median over CALLS; `before` runs before each call, untimed. */
async function cpuMs(call: () => unknown, before = () => {}): Promise<number> {
  const xs: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    before();
    const u = process.cpuUsage();
    await call();
    const d = process.cpuUsage(u);
    xs.push((d.user + d.system) / 1000);
  }
  return Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number);
}

console.log(
  `load average: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (const n of values.channels.split(',').map(Number)) {
  const dir = mkdtempSync(join(tmpdir(), 'ottkit-bench-list-'));
  const db = openDb(join(dir, 'ottkit.db'));
  try {
    migrate(db);
    seedLineup(db);
    db.transaction(() => {
      db.run('DELETE FROM channels');
      for (const c of syntheticLineup(n)) insertChannel(db, c);
    });
    const call = () => channelListFor(db, null, viewer, NOW);
    // Moving one channel's update time changes the line-up's version: the next call reads it again.
    let t = NOW;
    const bump = () => db.run('UPDATE channels SET updated_at = ? WHERE rowid = 1', ++t);
    const read = await cpuMs(call, bump);
    await call();
    const kept = await cpuMs(call);
    const json = await cpuMs(async () => JSON.stringify(await call()));
    // The route's way (decision 0251): the channels joined from per-channel texts kept per line-up version.
    const texts = await cpuMs(async () => {
      const { lineup, favorites, rest } = await channelListParts(db, null, viewer, NOW);
      return JSON.stringify(rest).length + channelListText(lineup, favorites, NOW).length;
    });
    console.log(
      `${n} channels: channel list ${read} ms CPU with the line-up read per call, ${kept} ms kept per version; ` +
        `with the JSON answer ${json} ms, from kept channel texts ${texts} ms (median of ${CALLS})`,
    );
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
