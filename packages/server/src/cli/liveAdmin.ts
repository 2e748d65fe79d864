import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { importGuideDay } from '../domain/liveAdmin.ts';
import { setBroadcast } from '../store/live.ts';
import { type Command, UsageError, withStore } from './command.ts';

/** `broadcast`: when the broadcast channel opens (spec §3). */
export const broadcastCommand: Command = {
  name: 'broadcast',
  usage:
    '  broadcast LOGICAL_CHANNEL_ID ISO_TIME                            when the broadcast channel opens',
  run: (args) =>
    withStore(args, {}, ({ db, positionals }) => {
      const [channel, time] = positionals;
      if (!channel || !time) throw new UsageError();
      const at = Date.parse(time);
      if (Number.isNaN(at)) throw new Error(`not a time: ${time}`);
      if (!db.get('SELECT 1 AS x FROM channels WHERE logical_channel_id = ?', channel))
        throw new Error(`no channel ${channel}`);
      setBroadcast(db, channel, at);
      console.log(`${channel} opens at ${new Date(at).toISOString()}`);
      return 0;
    }),
};

/** `guide-import`: the operator replaces one UTC day of a seeded guide with their own programmes. */
export const guideImportCommand: Command = {
  name: 'guide-import',
  usage: '  guide-import EPG_ID YYYY-MM-DD FILE.json                          replace one UTC day of a guide',
  run: (args) =>
    withStore(args, {}, ({ db, positionals }) => {
      const [epgId, day, file] = positionals;
      if (!epgId || !day || !file) throw new UsageError();
      const changed = importGuideDay(
        db,
        epgId,
        day,
        JSON.parse(readFileSync(resolve(file), 'utf8')),
        Date.now(),
      );
      console.log(changed ? `${epgId} ${day} replaced` : `${epgId} ${day} unchanged`);
      return 0;
    }),
};
