import { spawnSync } from 'node:child_process';
import { routes } from '@ottkit/api-client';
import type { ConsoleTitle, Job } from '@ottkit/api-client/contract';
import { expect } from 'vitest';
import { liveFfmpegPath } from '../src/live/ffmpegRun.ts';
import type { TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';
import { startProductServer } from './productServer.ts';

// What the film library tests share (issue 42): a job followed to its end through the console's calls, a title
// found by the console's list, and test media made by Debian's ffmpeg.

/** The job once it ended, polled through the console's call as the screen does (60 s at most). */
export async function finished(t: TestServer, who: SignedIn, job: Job): Promise<Job> {
  let now = job;
  for (let i = 0; i < 600 && (now.status === 'queued' || now.status === 'running'); i++) {
    await new Promise((r) => setTimeout(r, 100));
    const got = await t.get(`/admin/api/jobs/get?jobId=${job.jobId}`, { cookie: who.cookie });
    now = (got.body.data as { job: Job }).job;
  }
  return now;
}

/** The first console title whose name holds `name`. */
export async function titleNamed(
  t: TestServer,
  who: SignedIn,
  name: string,
): Promise<ConsoleTitle | undefined> {
  const list = await t.get(`/admin/api/titles/list?q=${encodeURIComponent(name)}`, { cookie: who.cookie });
  return (list.body.data as { titles: ConsoleTitle[] }).titles[0];
}

/** What a subscriber's search for `keyword` finds, in Spanish unless `lang` says, as the answer's text. */
export async function searched(t: TestServer, keyword: string, lang = 'es'): Promise<string> {
  const found = await t.post(routes.vod.search.path, { keyword, pageId: 1, pageSize: 10 }, { lang });
  return JSON.stringify(found.body.data);
}

/** Runs ffmpeg with `args` (quiet), failing the test with its words when it fails. */
export function ffmpeg(args: string[]): void {
  const r = spawnSync(liveFfmpegPath(), ['-hide_banner', '-loglevel', 'error', ...args], {
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
}

/** ffmpeg's arguments for a test pattern of `seconds` in H.264 (and AAC when `sound`): a film's video. */
export const pattern = (seconds: number, sound = true) => [
  ...['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10'],
  ...(sound ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'] : []),
  ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '20', '-pix_fmt', 'yuv420p'],
  ...(sound ? ['-c:a', 'aac'] : []),
];

/** ffmpeg's arguments that write a finished HLS (2 s segments `seg<n>.ts`) to `playlist` in `dir`. */
export const hlsOut = (dir: string, playlist: string) => [
  ...['-f', 'hls', '-hls_time', '2', '-hls_playlist_type', 'vod'],
  ...['-hls_segment_filename', `${dir}/seg%d.ts`, `${dir}/${playlist}`],
];

/**
 * The product's server (API and origin) with an editor and an admin signed in, transcoding to the test media's
 * ladder (a few small renditions) until `close`.
 */
export async function startLibraryServer(): Promise<{
  t: TestServer;
  editor: SignedIn;
  admin: SignedIn;
  close: () => Promise<void>;
}> {
  const profile = process.env.OTTKIT_MEDIA_PROFILE;
  process.env.OTTKIT_MEDIA_PROFILE = 'tiny';
  const t = await startProductServer();
  return {
    t,
    editor: await signInOperator(t, 'editor@ottkit.test', 'editor'),
    admin: await signInOperator(t, 'admin@ottkit.test', 'admin'),
    close: async () => {
      await t.close();
      if (profile === undefined) delete process.env.OTTKIT_MEDIA_PROFILE;
      else process.env.OTTKIT_MEDIA_PROFILE = profile;
    },
  };
}
