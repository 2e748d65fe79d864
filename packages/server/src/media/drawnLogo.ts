import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { liveFfmpegPath } from '../live/ffmpegRun.ts';
import type { Db } from '../store/db.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { drawnLogoUrl, LOGO_DIR } from './logoPaths.ts';

/**
 * Drawn channel logos (decision 0354): a channel without a logo of its own shows one drawn from its initials,
 * number and a colour. The drawing is an SVG, but a browser makes a document of its own for every SVG picture it
 * shows, on the main thread: about a millisecond a logo, most of a frame when a 10,000-channel guide scrolls. So
 * ottkit serves the drawing as a PNG, rasterised once by Debian's ffmpeg (librsvg) and kept in the data folder;
 * where that ffmpeg cannot draw, the SVG itself is served under the same address.
 */

const DRAWN_DIR = join(LOGO_DIR, 'drawn');

const PALETTE = [
  '#e63946',
  '#2a9d8f',
  '#e9c46a',
  '#f4a261',
  '#457b9d',
  '#8338ec',
  '#3a86ff',
  '#ff006e',
  '#06a77d',
];

/** Text for the drawing: markup escaped, and the characters XML cannot hold (control codes an import may bring) left out. */
function escapeXml(s: string): string {
  return s.replace(/[\p{Cc}\ufffe\uffff]/gu, '').replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Initials of the channel name, at most 3 letters: "World Sports" → "WS". */
function initials(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words
    .slice(0, 3)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

/** A channel logo drawn from its number, initials and a colour picked from its id: no external images. */
export function logoSvg(logicalChannelId: string, channelSeq: number, name: string): string {
  const digest = createHash('sha256').update(logicalChannelId).digest();
  const colour = PALETTE[(digest[0] ?? 0) % PALETTE.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="90" viewBox="0 0 160 90" role="img" aria-label="${escapeXml(name)}">
<rect width="160" height="90" rx="12" fill="${colour}"/>
<text x="80" y="50" text-anchor="middle" font-family="system-ui, sans-serif" font-size="34" font-weight="700" fill="#fff">${escapeXml(initials(name))}</text>
<text x="80" y="78" text-anchor="middle" font-family="system-ui, sans-serif" font-size="16" fill="#fff" opacity="0.85">${channelSeq}</text>
</svg>
`;
}

/** The PNG of one drawing: named by the channel and the drawing's digest, so a renamed channel is drawn anew. */
export function drawnLogoFile(dataDir: string, logicalChannelId: string, svg: string): string {
  const digest = createHash('sha256').update(svg).digest('hex').slice(0, 16);
  return join(dataDir, DRAWN_DIR, `${logicalChannelId}-${digest}.png`);
}

/** Drawings rasterised by one ffmpeg run at most (a guide scrolled fast asks for a few hundred a second). */
const BATCH_MAX = 500;
const BATCH_TIMEOUT_MS = 30_000;

interface Waiting {
  svg: string;
  done: ((drawn: boolean) => void)[];
}

/**
 * Rasterises drawings into their files, many per ffmpeg run: the requests that arrive while one run works wait
 * for the next, which takes them all (one process start for a whole screenful of new logos).
 */
export class LogoDrawer {
  private readonly waiting = new Map<string, Waiting>();
  private running = false;
  /** Why this machine's ffmpeg cannot draw (no ffmpeg, no librsvg): the SVG is served from then on. */
  private unable: string | undefined;

  private readonly dataDir: string;
  private readonly ffmpeg: string;

  constructor(dataDir: string, ffmpeg = liveFfmpegPath()) {
    this.dataDir = dataDir;
    this.ffmpeg = ffmpeg;
  }

  /** Resolves true once `file` holds the drawing as a PNG, false when it cannot be drawn here. */
  draw(file: string, svg: string): Promise<boolean> {
    if (existsSync(file)) return Promise.resolve(true);
    if (this.unable) return Promise.resolve(false);
    return new Promise((resolve) => {
      const known = this.waiting.get(file);
      if (known) known.done.push(resolve);
      else this.waiting.set(file, { svg, done: [resolve] });
      void this.next();
    });
  }

  private async next(): Promise<void> {
    if (this.running || this.waiting.size === 0) return;
    this.running = true;
    const taken = [...this.waiting].slice(0, BATCH_MAX);
    for (const [file] of taken) this.waiting.delete(file);
    // Asked again while the run before drew them: drawn already, not drawn twice.
    const drawn = new Set(taken.filter(([file]) => existsSync(file)).map(([file]) => file));
    const batch = taken.filter(([file]) => !drawn.has(file));
    try {
      if (batch.length > 0) for (const file of await this.rasterise(batch)) drawn.add(file);
    } catch {
      // Nothing drawn this time (a full disk, say): the next ask tries again.
    }
    for (const [file, w] of taken) for (const done of w.done) done(drawn.has(file));
    this.running = false;
    void this.next();
  }

  /**
   * One ffmpeg run over a numbered sequence of SVGs. Each output is named by its input's number (`-frame_pts`,
   * frames passed through unchanged), so a drawing ffmpeg cannot read leaves only its own file missing, never
   * shifts the others onto the wrong channels. Each PNG is renamed into place whole.
   */
  private async rasterise(batch: [string, Waiting][]): Promise<Set<string>> {
    const dir = join(this.dataDir, DRAWN_DIR);
    mkdirSync(dir, { recursive: true });
    const work = mkdtempSync(join(dir, '.batch-'));
    const name = (i: number) => String(i).padStart(5, '0');
    try {
      batch.forEach(([, w], i) => {
        writeFileSync(join(work, `${name(i)}.svg`), w.svg);
      });
      try {
        await runFfmpeg(
          [
            ...['-f', 'image2', '-start_number', '0', '-c:v', 'librsvg', '-i', join(work, '%05d.svg')],
            ...['-fps_mode', 'passthrough', '-f', 'image2', '-frame_pts', '1', '-c:v', 'png'],
            join(work, '%05d.png'),
          ],
          { bin: this.ffmpeg, timeoutMs: BATCH_TIMEOUT_MS },
        );
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        // No ffmpeg, or one without the SVG decoder, does not come back by itself: the SVG is served from now on.
        if (/could not start|Unknown decoder|Decoder \(codec svg\) not found/i.test(why)) this.unable = why;
        // Otherwise what was drawn before the failure is kept below.
      }
      const drawn = new Set<string>();
      batch.forEach(([file], i) => {
        const png = join(work, `${name(i)}.png`);
        if (existsSync(png)) {
          renameSync(png, file);
          drawn.add(file);
        }
      });
      return drawn;
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
}

interface ChannelRow {
  logical_channel_id: string;
  channel_seq: number;
  logical_channel_name: string;
  icon_url: string;
}

/**
 * Draws the logo of every channel that shows its drawn one, before any viewer asks (`bench-lineup`: a guide of
 * 10,000 channels scrolled by its first viewer would otherwise wait on the drawing). Answers how many were drawn.
 */
export async function drawChannelLogos(
  db: Db,
  dataDir: string,
  drawer = new LogoDrawer(dataDir),
): Promise<{ drawn: number; of: number }> {
  const rows = db
    .all<ChannelRow>('SELECT logical_channel_id, channel_seq, logical_channel_name, icon_url FROM channels')
    .filter((r) => r.icon_url === drawnLogoUrl(r.logical_channel_id));
  const drawn = await Promise.all(
    rows.map((r) => {
      const svg = logoSvg(r.logical_channel_id, r.channel_seq, r.logical_channel_name);
      return drawer.draw(drawnLogoFile(dataDir, r.logical_channel_id, svg), svg);
    }),
  );
  return { drawn: drawn.filter(Boolean).length, of: rows.length };
}
