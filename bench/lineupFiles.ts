import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * The large line-up the import benches read (issue 16): an XMLTV guide of `guideChannels` channels x `days` days, a
 * programme every 40 min (2,000 x 14 is about 1 M programmes, several hundred MB), and an M3U playlist of
 * `channels` channels whose first `guideChannels` carry the guide's tvg-ids.
 */
export interface LineupShape {
  guideChannels: number;
  days: number;
  channels: number;
}

const STEP_MIN = 40;

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (ts: number) => {
  const d = new Date(ts);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}00 +0000`;
};

/** Writes through a buffer of ~1 MB (a 1 M-programme guide is never held whole). */
function writer(file: string) {
  const fd = openSync(file, 'w');
  let parts: string[] = [];
  let size = 0;
  const flush = () => {
    writeSync(fd, parts.join(''));
    parts = [];
    size = 0;
  };
  return {
    write(s: string) {
      parts.push(s);
      size += s.length;
      if (size > 1 << 20) flush();
    },
    close() {
      flush();
      closeSync(fd);
    },
  };
}

/**
 * The guide, from yesterday's midnight; with `changedEvery`, one programme in that many gets a new title (`label` and
 * its number). Answers how many programmes it wrote.
 */
export function writeGuide(
  file: string,
  shape: LineupShape,
  changedEvery = 0,
  label = 'Changed show',
): number {
  const w = writer(file);
  const midnight = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000;
  w.write('<?xml version="1.0" encoding="UTF-8"?>\n<tv generator-info-name="ottkit bench">\n');
  for (let c = 1; c <= shape.guideChannels; c++)
    w.write(`<channel id="ch${c}.bench"><display-name lang="en">Bench ${c}</display-name></channel>\n`);
  let n = 0;
  for (let c = 1; c <= shape.guideChannels; c++) {
    for (let t = midnight; t < midnight + shape.days * 86_400_000; t += STEP_MIN * 60_000) {
      n++;
      const title =
        changedEvery > 0 && n % changedEvery === 0 ? `${label} ${n}` : `Show ${(t / 60_000) % 97}`;
      w.write(
        `<programme start="${stamp(t)}" stop="${stamp(t + STEP_MIN * 60_000)}" channel="ch${c}.bench">` +
          `<title lang="en">${title}</title><title lang="es">Programa ${(t / 60_000) % 97}</title>` +
          `<desc lang="en">Episode ${n % 500} of a long running series on channel ${c}.</desc>` +
          '<category lang="en">Series</category></programme>\n',
      );
    }
  }
  w.write('</tv>\n');
  w.close();
  return n;
}

/** The playlist; with `guideUrl`, its header names the guide (as a console import of a URL reads it). */
export function writePlaylist(file: string, shape: LineupShape, guideUrl?: string): void {
  const w = writer(file);
  w.write(guideUrl ? `#EXTM3U url-tvg="${guideUrl}"\n` : '#EXTM3U\n');
  for (let c = 1; c <= shape.channels; c++) {
    const id = c <= shape.guideChannels ? `ch${c}.bench` : '';
    w.write(
      `#EXTINF:-1 tvg-id="${id}" tvg-chno="${1000 + c}" group-title="Group ${c % 40}",Bench ${c}\n` +
        `http://upstream.invalid/live/${c}/index.m3u8\n`,
    );
  }
  w.close();
}
