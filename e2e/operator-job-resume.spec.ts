import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { type Job, jobGet } from '../packages/api-client/src/contract/index.ts';
import { testClip } from '../packages/server/test/operatorHelpers.ts';
import { consoleReady, createOperator, signInOperator } from './console.ts';
import { repoRoot } from './operator.ts';
import { E2E_DATA_DIR, E2E_PORT } from './playwright.config.ts';
import { shot } from './screens.ts';

// Issue 19 and the charter's long work (decision 0335): a second product process over the e2e data folder starts
// a line-up import and is killed with kill -9 while it reads the playlist; the product the console talks to takes
// the job over once its lease ran out and imports again. The console shows the job finished and resumed, in
// English and Spanish, and the source's channels.
const E2E = E2E_PORT;
const UPSTREAM = E2E + 282;
const stamp = Date.now();
const NAME = `Ferry ${stamp}`;
let upstream: Server;
/** While closed, the playlist's requests are held unanswered: the killed process's import is under way. */
let open = false;
const held: ServerResponse[] = [];
let killed: ChildProcess | undefined;

const playlist = () =>
  [
    '#EXTM3U',
    `#EXTINF:-1 tvg-id="ferry-${stamp}" tvg-chno="981" group-title="Ferry",Ferry One`,
    'http://streams.test/ferry1/index.m3u8',
    `#EXTINF:-1 tvg-chno="982" group-title="Ferry",Ferry Two`,
    'http://streams.test/ferry2/index.m3u8',
  ].join('\n');

test.beforeAll(async () => {
  upstream = createServer((req, res) => {
    if (req.url !== '/ferry.m3u') return void res.writeHead(404).end();
    if (open) return void res.writeHead(200, { 'content-type': 'audio/x-mpegurl' }).end(playlist());
    held.push(res);
  });
  await new Promise<void>((r) => upstream.listen(UPSTREAM, '127.0.0.1', r));
});
test.afterAll(async () => {
  if (killed && killed.exitCode === null && killed.signalCode === null) killed.kill('SIGKILL');
  upstream.closeAllConnections();
  await new Promise((r) => upstream.close(r));
});

/**
 * A product process of the cluster over the e2e data folder that starts a job (`source <name> <url>` or
 * `transcode <file>`); resolves with it once ready, and what it printed (`title <metaId>`, `job <id>`).
 */
function jobProcess(args: string[]): Promise<{ child: ChildProcess; said: Map<string, string> }> {
  // The node binary itself (node_modules/.bin/node is a shell script: kill -9 must reach the server process).
  const child = spawn(process.execPath, ['packages/server/test/jobResumeProcess.ts', ...args], {
    cwd: repoRoot,
    env: {
      ...process.env,
      OTTKIT_DATA_DIR: E2E_DATA_DIR,
      OTTKIT_JOB_LEASE_MS: '2000',
      OTTKIT_MEDIA_PROFILE: 'tiny',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  killed = child;
  const said = new Map<string, string>();
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (b: Buffer) => {
      for (const line of b.toString().split('\n')) {
        const [key = '', ...rest] = line.split(' ');
        said.set(key, rest.join(' '));
        if (line === 'ready') resolve({ child, said });
      }
    });
    child.once('exit', (code) => reject(new Error(`the job's process stopped (${code})`)));
  });
}

/**
 * Reloads the page until `job` shows succeeded: the console's server takes the job over within its sweep (half its
 * 30 s lease) and runs it again.
 */
async function finishedAfterReloads(page: Page, job: Locator, timeout: number): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.reload();
        await consoleReady(page);
        return job.getAttribute('data-status');
      },
      { timeout, intervals: [3000] },
    )
    .toBe('succeeded');
}

/** kill -9, and waits until the process is gone. */
async function kill(child: ChildProcess): Promise<void> {
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}

test('an import whose server was killed is finished by the running one, and the console says it was resumed', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const { child } = await jobProcess(['source', NAME, `http://127.0.0.1:${UPSTREAM}/ferry.m3u`]);
  await expect.poll(() => held.length, { timeout: 30_000 }).toBeGreaterThan(0);
  await kill(child);
  open = true;
  for (const res of held) res.destroy();

  await signInOperator(page, createOperator('editor'));
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Sources' }).click();
  await consoleReady(page);
  const job = page.getByTestId('job').filter({ hasText: `Import of ${NAME}` });
  await finishedAfterReloads(page, job, 90_000);
  await expect(job.getByRole('status')).toHaveText(
    'Finished · 2 channels, 0 programmes · Resumed after its server stopped',
  );
  await expect(job.getByRole('progressbar')).toHaveAttribute('value', '100');
  await expect(page.getByText(NAME).first()).toBeVisible();
  await job.scrollIntoViewIfNeeded();
  await shot(page, 'admin-job-resumed-1280');

  // In Spanish, the catalogue's words; on a phone.
  await context.addCookies([{ name: 'ottkit_lang', value: 'es', url: new URL(page.url()).origin }]);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.reload();
  await consoleReady(page);
  const trabajo = page.getByTestId('job').filter({ hasText: NAME });
  await expect(trabajo.getByTestId('job-resumed')).toHaveText('· Reanudada tras detenerse su servidor');
  await trabajo.scrollIntoViewIfNeeded();
  await shot(page, 'admin-job-resumed-es-360');
});

test('a transcode whose server was killed is transcoded again by the running one; the title says it was resumed', async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Long enough that the tiny ladder's transcode is still under way when its process is killed.
  const clip = join(repoRoot, '.data', `resume-clip-${stamp}.mp4`);
  testClip(dirname(clip), basename(clip), 90);
  await signInOperator(page, createOperator('editor'));
  const { child, said } = await jobProcess(['transcode', clip]);
  const jobId = said.get('job') ?? '';
  const jobNow = async () =>
    ((await (await page.request.get(`${jobGet.path}?jobId=${jobId}`)).json()) as { data: { job: Job } }).data
      .job;
  await expect
    .poll(async () => {
      const j = await jobNow();
      return j.status === 'running' && j.message.startsWith('Transcoding') && j.progress >= 1;
    })
    .toBe(true);
  await kill(child);
  rmSync(clip, { force: true });

  await page.goto(`/admin/titles?title=${said.get('title')}`);
  await consoleReady(page);
  const job = page.getByTestId('transcode');
  await finishedAfterReloads(page, job, 120_000);
  await expect(job.getByRole('status')).toHaveText(
    /^Finished · Ready: 240p, 90 s · Resumed after its server stopped$/,
  );
  await expect(page.getByText('Video ready: 90 s')).toBeVisible();
  await job.scrollIntoViewIfNeeded();
  await shot(page, 'admin-transcode-resumed-1280');
  await page.setViewportSize({ width: 360, height: 740 });
  await job.scrollIntoViewIfNeeded();
  await shot(page, 'admin-transcode-resumed-360');
});
