import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { catalogues, LANGS } from '../i18n/index.ts';
import { drawIcon, encodePng, hexToRgb } from './icons.ts';
import type { AppProperty } from '@ottkit/api-client';
import { DEFAULT_BRAND } from '@ottkit/api-client/contract';
import { brandVersion, FAVICON_PATH, favicon, ICONS, manifestPath, SMALL_ICON_PATH } from './paths.ts';
import { coloursFrom, faviconSvg, manifestFor, offlineHtml, tokenColour } from './shell.ts';

const tokens = readFileSync(new URL('../../../packages/ui/src/tokens.css', import.meta.url), 'utf8');
const colours = coloursFrom(tokens);

describe('the installable app files', () => {
  it('take their colours from the design tokens, and refuse a token that is missing', () => {
    expect(colours.background).toBe(/--ok-color-bg:\s*(#[0-9a-f]{6})/i.exec(tokens)?.[1]?.toLowerCase());
    expect(() => tokenColour(tokens, 'no-such-colour')).toThrow(/--ok-color-no-such-colour/);
  });

  it.each(LANGS)("%s: the manifest has its language, the service's names and the three icons", (lang) => {
    const m = manifestFor(lang, colours, 'Canal Uno');
    expect(m).toMatchObject({
      lang,
      display: 'standalone',
      name: catalogues[lang]['pwa.name'].replace('{name}', 'Canal Uno'),
      short_name: 'Canal Uno',
    });
    expect(m.icons.map((i) => i.purpose)).toEqual(['any', 'any', 'maskable']);
  });

  it('escape catalogue texts and the service name in the offline page and the favicon', () => {
    const html = offlineHtml('en', colours, 'A&B <TV>');
    expect(html).toContain(`<html lang="en">`);
    expect(html).toContain(manifestPath('en'));
    expect(html).toContain('· A&#38;B &#60;TV&#62;</title>');
    expect(html).not.toMatch(/<script|style=/);
    const svg = faviconSvg(colours, 'A&B <TV>');
    expect(svg).toContain('<title>A&#38;B &#60;TV&#62;</title>');
    expect(svg).toContain(`fill="${colours.brand}"`);
  });

  it("link the operator's own icon as the tab's icon, a new icon being a new version (decision 0405)", () => {
    const drawn = { serviceName: 'Canal Uno', brand: DEFAULT_BRAND } as AppProperty;
    const own = { ...drawn, brand: { ...DEFAULT_BRAND, iconVersion: 'abc' } } as AppProperty;
    expect(favicon(drawn)).toEqual({
      href: `${FAVICON_PATH}?v=${brandVersion(drawn)}`,
      type: 'image/svg+xml',
    });
    expect(favicon(own)).toEqual({ href: `${SMALL_ICON_PATH}?v=${brandVersion(own)}`, type: 'image/png' });
    expect(brandVersion(own)).not.toBe(brandVersion(drawn));
    expect(offlineHtml('en', colours, 'Canal Uno')).toContain(
      `<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">`,
    );
    expect(offlineHtml('en', colours, 'Canal Uno', true)).toContain(
      `<link rel="icon" href="${SMALL_ICON_PATH}" type="image/png">`,
    );
  });

  it("take the operator's accent colour and what it derives, else the tokens'", () => {
    const blue = coloursFrom(tokens, '#1565C0');
    expect(blue).toMatchObject({ accent: '#1565c0', mark: '#ffffff', background: colours.background });
    expect(blue.brand).not.toBe(colours.brand);
    expect(coloursFrom(tokens, '')).toEqual(colours);
  });
});

describe('icons', () => {
  it('are PNGs of their size whose pixels decode: transparent corner, mark colour in the middle', () => {
    for (const icon of ICONS) {
      const png = encodePng(icon.size, drawIcon(icon, hexToRgb('#ff4f5e'), hexToRgb('#ffffff')));
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(png.readUInt32BE(16)).toBe(icon.size);
      const idat = png.indexOf('IDAT');
      const rows = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
      const stride = icon.size * 4 + 1;
      expect(rows.length).toBe(stride * icon.size);
      const pixel = (x: number, y: number) => [
        ...rows.subarray(y * stride + 1 + x * 4, y * stride + 5 + x * 4),
      ];
      // A maskable icon fills its square; the others round their corners off.
      expect(pixel(0, 0)[3]).toBe(icon.maskable ? 255 : 0);
      const c = icon.size / 2;
      expect(pixel(c, c)).toEqual([255, 255, 255, 255]);
    }
  });

  it('refuse a colour that is not #rrggbb', () => {
    expect(() => hexToRgb('red')).toThrow(/#rrggbb/);
  });
});
