import { describe, expect, it } from 'vitest';
import {
  accentColorSchema,
  accentRefusal,
  accentTokens,
  brandStyle,
  contrastRatio,
  DEFAULT_BRAND,
  THEME_SURFACE_RAISED,
} from './brand.ts';

describe('the accent colour (WCAG AA, decision 0401)', () => {
  it("computes WCAG's contrast ratio", () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#123456', '#123456')).toBe(1);
  });

  it("takes the kit's own red, and a blue whose label reads at 4.5:1", () => {
    expect(accentRefusal('#e50914')).toBeUndefined();
    expect(accentColorSchema.safeParse('#1e88e5').success).toBe(true);
    expect(accentColorSchema.safeParse('').success).toBe(true);
  });

  it('refuses a colour lost on the dark background, or whose button label cannot be read, with the ratio', () => {
    expect(accentRefusal('#202020')).toEqual({ rule: 'background', ratio: '1.1', needs: 3 });
    // Mid-grey: neither white nor the dark background reads on it at 4.5:1.
    expect(accentRefusal('#777777')).toEqual({ rule: 'label', ratio: '4.4', needs: 4.5 });
    const refused = accentColorSchema.safeParse('#202020');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/contrast of 1\.1:1 .* at least 3:1/);
    expect(accentColorSchema.safeParse('blue').error?.issues[0]?.message).toBe('Enter a colour as #rrggbb');
  });

  it('derives the label and a text colour that reads on every dark surface', () => {
    for (const accent of ['#e50914', '#1e88e5', '#8e24aa', '#00a36c', '#ffd400']) {
      const tokens = accentTokens(accent);
      expect(
        contrastRatio(tokens['--ok-color-accent-text'] ?? '', THEME_SURFACE_RAISED),
      ).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(accent, tokens['--ok-color-on-accent'] ?? '')).toBeGreaterThanOrEqual(4.5);
    }
    expect(accentTokens('#ffd400')['--ok-color-on-accent']).toBe('#0b0d12');
  });

  it('styles a page only when the operator chose a colour', () => {
    expect(brandStyle(DEFAULT_BRAND)).toBe('');
    expect(brandStyle(undefined)).toBe('');
    expect(brandStyle({ ...DEFAULT_BRAND, accentColor: '#1565C0' })).toMatch(
      /^--ok-color-accent: #1565c0; --ok-color-accent-hover: #[0-9a-f]{6}; --ok-color-on-accent: #ffffff; --ok-color-accent-text: #[0-9a-f]{6}$/,
    );
  });
});
