import { parseArgs } from 'node:util';
import { openDataStore } from '../dataStore.ts';
import { clusterLiveStatus, readStatusFiles } from '../live/clusterStatus.ts';
import type { LiveChannelStatus } from '../live/liveStatus.ts';
import { RedisState } from '../shared/redisState.ts';
import { liveMediaDir, parseSourceUrl, SourceUrlError } from '../live/sourceUrl.ts';
import { maskSecrets } from '../upstream/maskSecrets.ts';
import {
  addChannelSource,
  channelExists,
  channelSources,
  DEFAULT_RETENTION_DAYS,
  LIVE_MODES,
  LIVE_VIDEO,
  type LiveMode,
  type LiveVideo,
  removeChannelSource,
  setChannelMode,
} from '../live/store.ts';
import { UsageError } from './command.ts';
import { upstreamAllowSetting } from '../domain/appConfig.ts';
import { liveFfmpegPath } from '../live/ffmpegRun.ts';
import { probeInput } from '../live/probeInput.ts';

/**
 * `live …` (issue 17, decision 0223): a channel's live sources, its mode, and their health. `sources …` stays the
 * line-up import's (issue 16); a channel's imported stream URL is its first live source until sources are added.
 */
export const LIVE_USAGE = `  live sources CHANNEL_ID                                           a channel's live sources, primary first
  live add CHANNEL_ID URL [--position N]                            add a source: hls+http(s)://, srt://, rtmp://, udp://,
                                                                    file:// (inside the media folder)
  live remove CHANNEL_ID POSITION                                   remove a source
  live test URL                                                     read a source for up to 10 s, as a channel would:
                                                                    its codecs, resolution and bitrate, or why not
  live mode CHANNEL_ID relay|record [--retention-days N]            on demand, or always on and recorded for catch-up
            [--video copy|h264|ladder]                              remux H.264, transcode to H.264, or to a 3-rung ladder
  live status [--json]                                              per source: state, bitrate, codecs, last error, viewers;
                                                                    per channel: which process packages it, since when`;

const OPTIONS = {
  data: { type: 'string' },
  position: { type: 'string' },
  'retention-days': { type: 'string' },
  video: { type: 'string' },
  json: { type: 'boolean' },
} as const;

function positiveInt(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${name} takes a whole number, 1 or more`);
  return n;
}

const kbps = (b: number) => (b ? `${Math.round(b / 1000)} kb/s` : '-');

/** One channel's status as lines (the CLI's view; the operator console reads the same object). */
export function formatChannelStatus(c: LiveChannelStatus, now: number): string {
  const head =
    `${c.logicalChannelId} (${c.mode}${c.mode === 'record' ? `, ${c.retentionDays} days` : ''}): ` +
    `${c.running ? `on source ${c.activeSource ?? '-'}` : 'idle'}, ${c.viewers} viewers, ` +
    `${c.switches24h} switches in 24 h, ${c.segments} segments, ${(c.diskBytes / 1e6).toFixed(1)} MB` +
    (c.packager
      ? `; packaged by ${c.packager.owner} since ${new Date(c.packager.since).toISOString()} ` +
        `(${Math.max(0, Math.round((now - c.packager.since) / 1000))} s)`
      : '');
  const lines = c.sources.map((s) => {
    const codecs = [s.videoCodec, s.audioCodec].filter(Boolean).join('/') || '-';
    const err = s.lastError
      ? `; last error ${s.lastErrorAt ? `${Math.round((now - s.lastErrorAt) / 1000)} s ago` : ''}: ${s.lastError}`
      : '';
    return `  ${s.position}. ${s.state.padEnd(8)} ${kbps(s.bitrate).padEnd(10)} ${codecs} ${s.resolution ?? ''}  ${s.url}${err}`;
  });
  return [head, ...lines].join('\n');
}

export async function liveCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: OPTIONS });
  const [verb, channel, arg] = positionals;
  const { config, db } = openDataStore(values.data);
  try {
    const needChannel = async () => {
      if (!channel) throw new UsageError('a channel id is required');
      if (!(await channelExists(db, channel)))
        throw new Error(`No channel '${channel}' (see the line-up on /liveTv)`);
      return channel;
    };
    switch (verb) {
      case 'sources': {
        const id = await needChannel();
        const list = await channelSources(db, id);
        if (!list.length) console.log(`${id} has no live sources (it plays its sample loop, if any)`);
        for (const s of list)
          console.log(
            `${s.position}. ${maskSecrets(s.url)}${s.origin === 'import' ? '  (from the line-up import)' : ''}`,
          );
        return 0;
      }
      case 'add': {
        const id = await needChannel();
        if (!arg) throw new UsageError('a source URL is required');
        // Checked now, so a refused URL is never stored (the server checks again before it runs one).
        parseSourceUrl(arg, liveMediaDir(config.dataDir));
        const at = await addChannelSource(db, id, arg, positiveInt('--position', values.position));
        console.log(`${id}: source ${at} added (${at === 1 ? 'primary' : 'backup'})`);
        return 0;
      }
      case 'remove': {
        const id = await needChannel();
        const position = positiveInt('POSITION', arg);
        if (position === undefined) throw new UsageError('the position of the source to remove is required');
        if (!(await removeChannelSource(db, id, position)))
          throw new Error(`${id} has no source ${position}`);
        console.log(`${id}: source ${position} removed`);
        return 0;
      }
      case 'mode': {
        const id = await needChannel();
        if (!arg || !(LIVE_MODES as readonly string[]).includes(arg))
          throw new UsageError('the mode is relay or record');
        const days = positiveInt('--retention-days', values['retention-days']) ?? DEFAULT_RETENTION_DAYS;
        const video = values.video;
        if (video !== undefined && !(LIVE_VIDEO as readonly string[]).includes(video))
          throw new UsageError(`--video is one of ${LIVE_VIDEO.join(', ')}`);
        await setChannelMode(db, id, arg as LiveMode, days, video as LiveVideo | undefined);
        console.log(
          `${id}: ${arg}${arg === 'record' ? `, kept ${days} days` : ''}${video ? `, video ${video}` : ''}`,
        );
        return 0;
      }
      case 'test': {
        // `live test URL`: the URL is the first argument after the verb.
        if (!channel) throw new UsageError('a source URL is required');
        const r = await probeInput(parseSourceUrl(channel, liveMediaDir(config.dataDir)), {
          ffmpeg: liveFfmpegPath(),
          allow: await upstreamAllowSetting(db),
          // The reason in the upstream's or ffprobe's words, for the operator at the terminal.
          log: (line) => console.error(maskSecrets(line)),
        });
        if (!r.ok) {
          console.log(`Not readable (${r.error})`);
          return 1;
        }
        const codecs = [r.videoCodec, r.audioCodec].filter(Boolean).join('/');
        console.log(
          `Readable: ${[codecs, r.resolution, r.bitrate ? kbps(r.bitrate) : ''].filter(Boolean).join(' ')}`,
        );
        return 0;
      }
      case 'status': {
        const now = Date.now();
        if (readStatusFiles(config.dataDir, now).length === 0) {
          console.log('No running server reports live status for this data folder (start it with: serve).');
          return 1;
        }
        // The cluster's view (decision 0317): each channel from the process that holds its packager lock, asked
        // of the shared Redis; without Redis one process serves, and its own file says so.
        const shared = config.redisUrl ? new RedisState(config.redisUrl) : undefined;
        const reachable = await shared?.ready().then(
          () => true,
          (err: Error) => {
            console.error(`${err.message}\nShowing each process's own claim instead.`);
            return false;
          },
        );
        try {
          const channels = await clusterLiveStatus({
            dataDir: config.dataDir,
            now,
            ...(shared && reachable ? { shared } : {}),
          });
          if (values.json) console.log(JSON.stringify({ at: now, channels }, null, 2));
          else if (!channels.length) console.log('No channel has live sources.');
          else for (const c of channels) console.log(formatChannelStatus(c, now));
        } finally {
          await shared?.close();
        }
        return 0;
      }
      default:
        console.log(`Usage:\n${LIVE_USAGE}`);
        return verb === undefined ? 0 : 2;
    }
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`${e.message}\nUsage:\n${LIVE_USAGE}`);
      return 2;
    }
    if (e instanceof SourceUrlError) {
      console.error(`Refused: ${e.message}`);
      return 2;
    }
    throw e;
  } finally {
    db.close();
  }
}
