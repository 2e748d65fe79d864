import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { drawnLogoFile, LogoDrawer, logoSvg } from './drawnLogo.ts';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'ottkit-drawn-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('LogoDrawer', () => {
  it('rasterises drawings asked for at once into whole PNGs, a file per drawing', async () => {
    const dir = dataDir();
    const drawer = new LogoDrawer(dir);
    const asks = Array.from({ length: 40 }, (_, i) => {
      const svg = logoSvg(`lc-${i}`, i, `Channel ${i}`);
      return { file: drawnLogoFile(dir, `lc-${i}`, svg), svg };
    });
    const drawn = await Promise.all(asks.map((a) => drawer.draw(a.file, a.svg)));
    expect(drawn.every(Boolean)).toBe(true);
    for (const { file } of asks) {
      const png = readFileSync(file);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([160, 90]);
    }
    // The same drawing asked again is the file already there; a renamed channel is a new file.
    expect(await drawer.draw(asks[0]!.file, asks[0]!.svg)).toBe(true);
    expect(drawnLogoFile(dir, 'lc-0', logoSvg('lc-0', 0, 'Renamed'))).not.toBe(asks[0]!.file);
  });

  it('leaves out only a drawing ffmpeg cannot read, never giving its neighbours the wrong picture', async () => {
    const dir = dataDir();
    const drawer = new LogoDrawer(dir);
    const good = (id: string, name: string) => {
      const svg = logoSvg(id, 7, name);
      return { file: drawnLogoFile(dir, id, svg), svg };
    };
    const asks = [good('a', 'Alpha'), { file: join(dir, 'bad.png'), svg: '<svg><text>' }, good('c', 'Gamma')];
    expect(await Promise.all(asks.map((a) => drawer.draw(a.file, a.svg)))).toEqual([true, false, true]);
    // The third file is the third drawing: the same bytes as that drawing made alone.
    const alone = dataDir();
    const gamma = logoSvg('c', 7, 'Gamma');
    const file = drawnLogoFile(alone, 'c', gamma);
    expect(await new LogoDrawer(alone).draw(file, gamma)).toBe(true);
    expect(readFileSync(asks[2]!.file).equals(readFileSync(file))).toBe(true);
    // A name with control codes (an imported playlist's) is still a drawing XML can hold.
    const odd = good('d', 'Bad\u0001 Name\u001f');
    expect(await drawer.draw(odd.file, odd.svg)).toBe(true);
  });

  it('answers false, at once from then on, where ffmpeg cannot draw', async () => {
    const dir = dataDir();
    const drawer = new LogoDrawer(dir, join(dir, 'no-ffmpeg-here'));
    const svg = logoSvg('lc-1', 1, 'One');
    expect(await drawer.draw(drawnLogoFile(dir, 'lc-1', svg), svg)).toBe(false);
    expect(await drawer.draw(drawnLogoFile(dir, 'lc-1', svg), svg)).toBe(false);
  });
});
