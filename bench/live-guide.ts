/**
 * Large line-up benchmark (issue 6): a synthetic line-up of 500 channels x 7 days loaded into a running
 * product, measured in Chromium (decision 0074):
 *   - with `--warm-server`, the server first answers every day once (another viewer's sync; decision 0075);
 *   - cold guide sync: checksums + every day into IndexedDB (the `ottkit:guide-sync` measure), and the long
 *     main-thread tasks (> 50 ms) while it runs;
 *   - warm first view (median of 5 reloads, the store already full), two intervals printed side by side:
 *       from navigation start: the HTML arrives, the server-rendered channel list is on screen (the frame after
 *       the parser inserted it, not before the first contentful paint), the island is interactive
 *       (`ottkit:live-interactive`), the selected channel's day is rendered (`ottkit:guide-day-shown`, marked
 *       at the commit that puts it in the DOM, with where the day came from: it must say `store`);
 *       from interactive: the day rendered;
 *     the reloads come back to back (each right after the last one's first view, while that page still works),
 *     then as many again settled (each once the page before has ended its guide sync and been quiet a second,
 *     as when a visit opens /liveTv);
 *   - scrolling the selected channel's category down and up: long tasks (Long Tasks API, > 50 ms) and the
 *     longest frame;
 *   - the guide grid (decision 0110): the toggle to the first blocks drawn, the rows and blocks in the DOM, and
 *     scrolling it down and up the line-up and across the day and back (long tasks, longest frame).
 * The cold sync and the scroll are also traced: the longest main-thread task's CPU time is printed beside its
 * wall time, since on a shared machine a task's wall time includes waiting for a core.
 * Goal: first view under 300 ms from the store, no task over 50 ms. Scrolls also print their total blocking
 * time (each task's time beyond 50 ms, added up), by wall time and by CPU.
 * Every wait is bounded (`--timeout`, seconds, each) and fails with a message naming what it waited for.
 *
 * Run (builds nothing; build the site first):
 *   node_modules/.bin/node bench/live-guide.ts [--channels 500,10000] [--port 4593] [--site site/dist/server/entry.mjs]
 *     [--warm-server] [--timeout 600]
 * Not part of the tests. Timings depend on the machine's load: the load average is printed with them.
 */
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { chromium, type Page } from '@playwright/test';
import { listOnce, seedBenchLineup, serveBench, within } from './benchLineup.ts';
import { chromiumLaunchOptions } from '../e2e/chromium.ts';

const { values } = parseArgs({
  options: {
    /** One line-up size, or several measured one after the other and printed side by side (e.g. 500,10000). */
    channels: { type: 'string', default: '500,10000' },
    port: { type: 'string', default: '4593' },
    /** The built site's entry (a copy, when others rebuild site/dist meanwhile). */
    site: { type: 'string', default: 'site/dist/server/entry.mjs' },
    /** Warm reloads measured (the median is printed). */
    reloads: { type: 'string', default: '5' },
    /**
     * Before the cold visit, ask the server for every day of the line-up once (EPG query v2, `lang: en`), as
     * another viewer's sync would: the browser's store is still cold, the server's guide cache is not.
     */
    'warm-server': { type: 'boolean', default: false },
    /**
     * A data folder seeded before (`node packages/server/src/cli.ts bench-lineup --channels N --data DIR`), kept;
     * with several line-up sizes, one folder per size, comma-separated in the same order.
     */
    data: { type: 'string' },
    /** Seconds any one wait in the browser may take (the cold sync, a reload, a scroll) before the run fails. */
    timeout: { type: 'string', default: '600' },
  },
});

/** Every wait is bounded, and fails saying what it waited for (a loaded machine once hung the cold sync). */
const WAIT_MS = Number(values.timeout) * 1000;
/** Playwright's own limit comes after ours, so the failure is ours, naming the wait. */
const PLAYWRIGHT_WAIT = { timeout: WAIT_MS + 5_000 };
const waited = <T>(what: string, work: Promise<T>) => within(WAIT_MS, what, work);

/** Total blocking time of some tasks: what each spent beyond 50 ms, added up. */
const blockingMs = (durations: readonly number[]) =>
  Math.round(durations.reduce((sum, d) => sum + Math.max(0, d - 50), 0));

/**
 * Scrolls a scroller from end to end and back, a step a frame ('down': vertically, 'across': sideways), and
 * reports the long tasks (Long Tasks API, > 50 ms) and the longest frame meanwhile.
 */
function scrollThrough(page: Page, selector: string, axis: 'down' | 'across') {
  const scrolled = page.evaluate(
    async ({ selector, axis }) => {
      const longTasks: number[] = [];
      const observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) longTasks.push(e.duration);
      });
      observer.observe({ type: 'longtask', buffered: false });
      const viewport = document.querySelector<HTMLElement>(selector);
      if (!viewport) throw new Error(`nothing matches ${selector}`);
      const frames: number[] = [];
      let last = performance.now();
      const position = () => (axis === 'down' ? viewport.scrollTop : viewport.scrollLeft);
      const room = () =>
        axis === 'down'
          ? viewport.scrollHeight - viewport.clientHeight
          : viewport.scrollWidth - viewport.clientWidth;
      for (const step of [320, -320]) {
        const more = () => (step > 0 ? position() < room() - 1 : position() > 0);
        while (more()) {
          if (axis === 'down') viewport.scrollTop += step;
          else viewport.scrollLeft += step;
          await new Promise((r) => requestAnimationFrame(r));
          const t = performance.now();
          frames.push(t - last);
          last = t;
        }
      }
      await new Promise((r) => setTimeout(r, 200));
      observer.disconnect();
      return {
        rows: Number(viewport.dataset.count),
        frames: frames.length,
        longestFrameMs: Math.round(Math.max(...frames)),
        longTasks: longTasks.length,
        longestTaskMs: longTasks.length ? Math.round(Math.max(...longTasks)) : 0,
        /** Total blocking time (Long Tasks API, wall): each task's time beyond 50 ms, added up. */
        blockingMs: Math.round(longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0)),
      };
    },
    { selector, axis },
  );
  return waited(`scrolling ${selector} ${axis} and back`, scrolled);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const round = (ms: number) => Math.round(ms);

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
}

/**
 * The page's main-thread tasks in a Chrome trace: the longest by wall time and by CPU (thread) time. On a busy
 * machine the Long Tasks API (wall time) also counts the time a task waited for a core; the CPU time does not.
 * `within` names a User Timing measure (e.g. the sync) whose span bounds the tasks; the page's main thread is
 * the one that recorded the marks.
 */
function longestTasks(trace: Buffer, within?: string) {
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const marks = events.filter((e) => e.cat?.includes('user_timing') && e.name.startsWith('ottkit:'));
  const main = marks[0];
  if (!main)
    return {
      wallMs: Number.NaN,
      cpuMs: Number.NaN,
      overCpu: Number.NaN,
      blockingCpuMs: Number.NaN,
      parts: '',
    };
  const span = within ? marks.filter((e) => e.name === within) : [];
  const from = span.find((e) => e.ph === 'b')?.ts ?? -Infinity;
  const to = span.find((e) => e.ph === 'e')?.ts ?? Infinity;
  const tasks = events.filter(
    (e) =>
      e.pid === main.pid &&
      e.tid === main.tid &&
      e.ph === 'X' &&
      (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
      e.ts + (e.dur ?? 0) >= from &&
      e.ts <= to,
  );
  // What the longest task by CPU spent its time on: the longest events inside it (nested ones overlap), e.g.
  // "MajorGC 40, Paint 12", so a figure over 50 ms says whether it is garbage collection, layout or script.
  const longest = tasks.reduce<TraceEvent | undefined>(
    (m, e) => ((e.tdur ?? 0) > (m?.tdur ?? -1) ? e : m),
    undefined,
  );
  const inside = longest
    ? events.filter(
        (e) =>
          e !== longest &&
          e.pid === main.pid &&
          e.tid === main.tid &&
          e.ph === 'X' &&
          e.ts >= longest.ts &&
          e.ts + (e.dur ?? 0) <= longest.ts + (longest.dur ?? 0) &&
          (e.dur ?? 0) >= 5_000,
      )
    : [];
  const parts = inside
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, 6)
    .map((e) => `${e.name} ${round((e.dur ?? 0) / 1000)}`)
    .join(', ');
  return {
    parts,
    // A reduce, not a spread: a 10,000-channel sync's trace has more tasks than a call's arguments may be.
    wallMs: round(tasks.reduce((m, e) => Math.max(m, (e.dur ?? 0) / 1000), 0)),
    cpuMs: round(tasks.reduce((m, e) => Math.max(m, (e.tdur ?? 0) / 1000), 0)),
    /** Tasks over 50 ms of CPU, and their total blocking time by CPU (what waiting for a core does not add). */
    overCpu: tasks.filter((e) => (e.tdur ?? 0) > 50_000).length,
    blockingCpuMs: blockingMs(tasks.map((e) => (e.tdur ?? 0) / 1000)),
  };
}
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'];

/** What one warm reload records, all in ms from navigation start. */
interface FirstView {
  html: number;
  /** The frame after the parser inserted the server-rendered list (not before the first contentful paint). */
  list: number;
  interactive: number;
  day: number;
  source: string;
}

/**
 * The channel list call (the contract's channelList, as a guest): the first answer (the server reads the
 * line-up) and the median of the next 20 (the line-up read once per version, decision 0174).
 */
async function channelListCalls(base: string) {
  const once = () => listOnce(base);
  const first = await once();
  const next: number[] = [];
  for (let i = 0; i < 20; i++) next.push((await once()).ms);
  return { listed: first.channels, firstMs: round(first.ms), p50Ms: round(median(next)) };
}

/** One sync's worth of day calls, so that the server has already answered every day once. */
async function warmServer(base: string): Promise<number> {
  const started = performance.now();
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en' },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { data: { checksumList: { epgId: string; date: string }[] } };
  };
  const { checksumList } = (await post(routes.live.epgChecksumQuery.path, {})).data;
  const epgIds = [...new Set(checksumList.map((c) => c.epgId))];
  for (const date of new Set(checksumList.map((c) => c.date))) {
    for (let i = 0; i < epgIds.length; i += 1000) {
      await post(routes.live.epgQueryV2.path, { date, epgIdList: epgIds.slice(i, i + 1000) });
    }
  }
  return Math.round(performance.now() - started);
}

/** The medians of some warm reloads: from navigation start, and the day from interactive. */
function firstViewFigures(views: FirstView[]) {
  const m = (f: (v: FirstView) => number) => round(median(views.map(f)));
  return {
    reloads: views.length,
    daySources: [...new Set(views.map((v) => v.source))],
    fromNavigationStartMs: {
      html: m((v) => v.html),
      channelList: m((v) => v.list),
      interactive: m((v) => v.interactive),
      channelDay: m((v) => v.day),
      /** Both the list and the day on screen. */
      firstView: m((v) => Math.max(v.list, v.day)),
    },
    fromInteractiveMs: { channelDay: m((v) => v.day - v.interactive) },
  };
}

/** How long the page before a settled reload is left quiet, once its guide sync is over. */
const SETTLE_MS = 1000;

/** Measures one line-up of `channels` channels, served on `port`. */
async function measure(channels: string, port: string, seeded: string | undefined) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = seeded ?? seedBenchLineup(channels, 'ottkit-bench-live-');
  const server = await serveBench(dataDir, port, values.site);
  const channelList = await channelListCalls(base);
  const serverWarmedInMs = values['warm-server']
    ? await waited('the server to answer every guide day once', warmServer(base))
    : undefined;
  const browser = await chromium.launch(
    chromiumLaunchOptions(['--autoplay-policy=no-user-gesture-required']),
  );
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Before any page script: long tasks from the start, and when the parser puts the channel list in the DOM.
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: [number, number][]; __listAt: number };
      w.__longTasks = [];
      w.__listAt = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
      const seen = () => {
        if (w.__listAt || !document.querySelector('[data-count] [data-playback]')) return false;
        requestAnimationFrame(() => {
          w.__listAt = performance.now();
        });
        return true;
      };
      const observer = new MutationObserver(() => {
        if (seen()) observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });

    // The HTML as the server sends it: the list must be in it (first paint without scripts).
    const html = await waited(
      'the /liveTv HTML',
      page.request.get(`${base}/liveTv`, PLAYWRIGHT_WAIT).then((r) => r.text()),
    );
    const htmlRows = html.match(/data-playback=/g)?.length ?? 0;
    const islandProps = /component-url="[^"]*LiveTvIsland[^"]*"[^>]*?props="([^"]*)"/.exec(html)?.[1] ?? '';

    // Cold: the first visit fills the store.
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await waited('the cold /liveTv to load', page.goto(`${base}/liveTv`, PLAYWRIGHT_WAIT));
    await waited(
      'the cold /liveTv island to be interactive (data-live-ready)',
      page.locator('[data-live-ready="true"]').waitFor(PLAYWRIGHT_WAIT),
    );
    const coldSync = page.evaluate(
      (waitMs) =>
        new Promise<{ ms: number; detail: unknown; longestTaskMs: number; longTasks: number }>(
          (resolve, reject) => {
            const until = performance.now() + waitMs;
            const done = () => {
              const [entry] = performance.getEntriesByName('ottkit:guide-sync') as PerformanceMeasure[];
              if (!entry && performance.now() > until)
                return reject(new Error('the cold guide sync (the ottkit:guide-sync measure) did not end'));
              if (!entry) return void setTimeout(done, 100);
              // Long tasks are reported a little after they end.
              setTimeout(() => {
                // Only the sync's own window: the page's load before it is the warm runs' business.
                const tasks = (window as unknown as { __longTasks: [number, number][] }).__longTasks.filter(
                  ([start, duration]) =>
                    start + duration >= entry.startTime && start <= entry.startTime + entry.duration,
                );
                resolve({
                  ms: entry.duration,
                  detail: entry.detail,
                  longTasks: tasks.length,
                  longestTaskMs: Math.max(0, ...tasks.map(([, d]) => d)),
                });
              }, 200);
            };
            done();
          },
        ),
      WAIT_MS,
    );
    const cold = await waited('the cold guide sync to end (the ottkit:guide-sync measure)', coldSync);
    const coldTasks = longestTasks(await browser.stopTracing(), 'ottkit:guide-sync');

    // Warm: reloads show the list and the selected channel's day from the store. Back to back, as before: each
    // reload comes right after the last one's first view, while that page still works (its guide sync check, its
    // line-up load, its video). Then settled: each reload comes once the page before has finished its sync and
    // been quiet a second, as a visit that opens /liveTv does (the first figure stays, to compare with earlier runs).
    const sync = () =>
      page.waitForFunction(
        () => performance.getEntriesByName('ottkit:guide-sync').length > 0,
        undefined,
        PLAYWRIGHT_WAIT,
      );
    const warmViews = async (settled: boolean) => {
      const views: FirstView[] = [];
      for (let i = 0; i < Number(values.reloads); i++) {
        const which = `${settled ? 'settled' : 'warm'} reload ${i + 1}`;
        if (settled) {
          await waited(`the guide sync before ${which} to end`, sync());
          await page.waitForTimeout(SETTLE_MS);
        }
        await waited(which, page.reload({ waitUntil: 'commit', ...PLAYWRIGHT_WAIT }));
        await waited(
          `${which} to show the channel list and the selected channel's day`,
          page.waitForFunction(
            () =>
              performance.getEntriesByName('ottkit:guide-day-shown').length > 0 &&
              (window as unknown as { __listAt: number }).__listAt > 0,
            undefined,
            PLAYWRIGHT_WAIT,
          ),
        );
        views.push(
          await page.evaluate(() => {
            const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
            const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
            const interactive = performance.getEntriesByName('ottkit:live-interactive')[0]?.startTime ?? 0;
            const day = performance.getEntriesByName('ottkit:guide-day-shown')[0] as PerformanceMark;
            const listAt = (window as unknown as { __listAt: number }).__listAt;
            return {
              html: nav?.responseEnd ?? 0,
              list: Math.max(fcp, listAt),
              interactive,
              day: day.startTime,
              source: (day.detail as { source: string }).source,
            };
          }),
        );
      }
      return views;
    };
    const views = await warmViews(false);
    const settledViews = await warmViews(true);

    // Scrolling the whole list (once the background guide sync of the last reload is over): long tasks and the
    // longest frame.
    await waited("the last reload's background guide sync to end", sync());
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    // A mark on the page's main thread, so the trace knows which thread it is.
    await page.evaluate(() => performance.mark('ottkit:bench-scroll'));
    const scroll = await scrollThrough(page, '[data-count]', 'down');
    const scrollTasks = longestTasks(await browser.stopTracing());

    // The guide grid (issue 14) over the same line-up: from the toggle to the rows in view drawn, then scrolling
    // it down and up the line-up, and across the day and back.
    const toggled = await page.evaluate(() => performance.now());
    await waited(
      'the Grid toggle to take a click',
      page.getByRole('button', { name: 'Grid', exact: true }).click(PLAYWRIGHT_WAIT),
    );
    await waited(
      "the guide grid's first programme blocks",
      page.locator('[data-guide-grid] [data-kind="programme"]').first().waitFor(PLAYWRIGHT_WAIT),
    );
    const gridShownMs = (await page.evaluate(() => performance.now())) - toggled;
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.evaluate(() => performance.mark('ottkit:bench-grid-scroll'));
    const gridDown = await scrollThrough(page, '[data-guide-grid]', 'down');
    const gridAcross = await scrollThrough(page, '[data-guide-grid]', 'across');
    const gridTasks = longestTasks(await browser.stopTracing());
    const gridDom = await page.evaluate(() => ({
      rowsInDom: document.querySelectorAll('[role="grid"] [role="row"]').length,
      blocksInDom: document.querySelectorAll('[data-guide-grid] [data-kind="programme"]').length,
    }));

    const result = {
      channels: Number(channels),
      channelList,
      loadAverage: loadavg().map((l) => Math.round(l * 100) / 100),
      serverWarmedInMs,
      html: {
        kB: Math.round(html.length / 1024),
        islandPropsKB: Math.round(islandProps.length / 1024),
        htmlRows,
      },
      coldGuideSync: {
        ms: round(cold.ms),
        ...(cold.detail as object),
        longTasks: cold.longTasks,
        longestTaskMs: round(cold.longestTaskMs),
        /** From a trace of the same run: the longest main-thread task's CPU time (and its wall time). */
        longestTaskCpuMs: coldTasks.cpuMs,
        longestTaskWallMs: coldTasks.wallMs,
      },
      warmFirstView: firstViewFigures(views),
      settledFirstView: firstViewFigures(settledViews),
      scroll: {
        ...scroll,
        longestTaskCpuMs: scrollTasks.cpuMs,
        longestTaskWallMs: scrollTasks.wallMs,
        tasksOver50CpuMs: scrollTasks.overCpu,
        blockingCpuMs: scrollTasks.blockingCpuMs,
        /** The longest task by CPU, its longest parts (wall ms, nested ones overlap). */
        longestTaskParts: scrollTasks.parts,
      },
      grid: {
        /** Click on Grid to the first blocks drawn (the rows in view read from the warm store). */
        shownMs: round(gridShownMs),
        ...gridDom,
        down: gridDown,
        across: gridAcross,
        longestTaskCpuMs: gridTasks.cpuMs,
        longestTaskWallMs: gridTasks.wallMs,
        tasksOver50CpuMs: gridTasks.overCpu,
        blockingCpuMs: gridTasks.blockingCpuMs,
        longestTaskParts: gridTasks.parts,
      },
    };
    return result;
  } finally {
    await browser.close();
    server.kill();
    // A folder given with --data is kept (it was seeded before, for several runs).
    if (!seeded) rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: Awaited<ReturnType<typeof measure>>[] = [];
for (const [i, channels] of values.channels.split(',').entries()) {
  const result = await measure(channels, String(Number(values.port) + i), values.data?.split(',')[i]);
  console.log(JSON.stringify(result, null, 2));
  results.push(result);
}
if (results.length > 1) {
  // The headline figures side by side (goals: first view < 300 ms, no task > 50 ms).
  const rows: Array<[string, (r: (typeof results)[number]) => unknown]> = [
    ['load average (1 min)', (r) => r.loadAverage[0]],
    ['channel list call, first (read) ms', (r) => r.channelList.firstMs],
    ['channel list call, p50 after ms', (r) => r.channelList.p50Ms],
    ['cold guide sync ms', (r) => r.coldGuideSync.ms],
    [
      'cold sync longest task ms (CPU)',
      (r) => `${r.coldGuideSync.longestTaskMs} (${r.coldGuideSync.longestTaskCpuMs})`,
    ],
    ['warm first view ms, back to back', (r) => r.warmFirstView.fromNavigationStartMs.firstView],
    ['warm first view ms, settled', (r) => r.settledFirstView.fromNavigationStartMs.firstView],
    [
      'day source',
      (r) => [...new Set([...r.warmFirstView.daySources, ...r.settledFirstView.daySources])].join(','),
    ],
    ['list scroll longest task ms (CPU)', (r) => `${r.scroll.longestTaskMs} (${r.scroll.longestTaskCpuMs})`],
    ['list scroll blocking ms (CPU)', (r) => `${r.scroll.blockingMs} (${r.scroll.blockingCpuMs})`],
    ['list scroll tasks > 50 ms (CPU)', (r) => `${r.scroll.longTasks} (${r.scroll.tasksOver50CpuMs})`],
    ['grid shown ms', (r) => r.grid.shownMs],
    [
      'grid scroll longest task ms (CPU)',
      (r) =>
        `${Math.max(r.grid.down.longestTaskMs, r.grid.across.longestTaskMs)} (${r.grid.longestTaskCpuMs})`,
    ],
    [
      'grid scroll blocking ms (CPU)',
      (r) => `${r.grid.down.blockingMs + r.grid.across.blockingMs} (${r.grid.blockingCpuMs})`,
    ],
    [
      'grid scroll tasks > 50 ms (CPU)',
      (r) => `${r.grid.down.longTasks + r.grid.across.longTasks} (${r.grid.tasksOver50CpuMs})`,
    ],
  ];
  console.log(`\n${'channels'.padEnd(38)}${results.map((r) => String(r.channels).padStart(14)).join('')}`);
  for (const [name, f] of rows)
    console.log(`${name.padEnd(38)}${results.map((r) => String(f(r)).padStart(14)).join('')}`);
}
