import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');

/** The declarations of the last rule that ends with `selector` (the one setting its own icon). */
function rule(selector: string): string {
  const at = css.lastIndexOf(`${selector} {`);
  if (at < 0) throw new Error(`no rule for ${selector}`);
  return css.slice(at, css.indexOf('}', at));
}

describe('player icons', () => {
  it('draws the lock, picture-in-picture and full screen from inline SVG, not from font glyphs', () => {
    for (const selector of [
      '.ottkit-lock::before',
      '.ottkit-btn[data-icon="pip"]::before',
      '.ottkit-btn[data-icon="fullscreen"]::before',
    ]) {
      expect(rule(selector), selector).toMatch(/--ottkit-icon: url\("data:image\/svg\+xml,%3Csvg /);
    }
  });
  it('uses no emoji anywhere in the sheet (code points from U+1F000 are missing on some systems)', () => {
    expect(css).not.toMatch(/\\0*1F[0-9A-F]{3}/i);
    expect(css).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});
