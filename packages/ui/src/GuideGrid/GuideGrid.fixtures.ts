import type { GuideGridChannel, GuideGridProgramme } from './types.ts';

/** A day of programmes for `count` channels, for the story and the tests: the same shapes the site passes. */
export function gridFixture(count: number, from: number, now: number) {
  const titles = ['Morning Headlines', 'The Debate', 'Business Hour', 'World Report', 'Weather Now'];
  const channels: GuideGridChannel[] = Array.from({ length: count }, (_, i) => ({
    id: `lc-${i + 1}`,
    name: `Channel ${i + 1}`,
    number: i + 1,
    locked: i % 7 === 6,
  }));
  const programmes = new Map<string, GuideGridProgramme[]>();
  channels.forEach((c, i) => {
    const list: GuideGridProgramme[] = [];
    // Lengths of 15 to 90 minutes, shifted per channel so the blocks do not line up.
    for (let start = from - ((i * 15) % 60) * 60_000, k = 0; start < from + 86_400_000; k++) {
      const stop = start + (15 + ((i + k) % 6) * 15) * 60_000;
      const status = stop <= now ? 'finished' : start <= now ? 'playing' : 'notStart';
      list.push({
        programId: `${c.id}-${k}`,
        title: titles[(i + k) % titles.length] ?? 'Programme',
        start,
        stop,
        status,
        action: status === 'finished' ? 'playback' : status === 'playing' ? 'playing' : 'subscribe',
        lock: c.locked && status !== 'notStart' ? 'purchase' : 'none',
      });
      start = stop;
    }
    programmes.set(c.id, list);
  });
  return { channels, programmes };
}
