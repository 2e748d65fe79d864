import { z } from 'zod';
import { LANGS } from './langs.ts';

// The operator's brand (issue 40, decision 0401): the accent colour with the WCAG AA rule it is held to, the
// footer's links and the language a viewer gets when neither a choice nor the browser names one. One place for the
// rule: the server refuses a colour with it, and the site draws the colours it derives.

/**
 * The dark theme's page background and its lightest surface (packages/ui/src/tokens.css, `--ok-color-bg` and
 * `--ok-color-surface-raised`; a test of the kit holds the two files to the same values).
 */
export const THEME_BACKGROUND = '#0b0d12';
export const THEME_SURFACE_RAISED = '#1e2330';

/** WCAG 2.x AA: text (and a button's label) 4.5:1; a control's own shape against what is around it 3:1. */
export const TEXT_CONTRAST = 4.5;
export const SHAPE_CONTRAST = 3;

const HEX = /^#[0-9a-f]{6}$/i;

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = (c: number[]) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** WCAG's relative luminance of an sRGB colour. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG's contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `hex` moved towards white by `share` (0 to 1). */
const lighten = (hex: string, share: number) => toHex(channels(hex).map((v) => v + (255 - v) * share));

/** The label colour on an accent button: white or the page's background, whichever reads better. */
export const onAccent = (accent: string): string =>
  contrastRatio(accent, '#ffffff') >= contrastRatio(accent, THEME_BACKGROUND) ? '#ffffff' : THEME_BACKGROUND;

/**
 * The custom properties of the kit (tokens.css) an accent colour sets: the accent, its hover, the label on it, and
 * the accent as text on the dark surfaces, lightened until it reads there at 4.5:1.
 */
export function accentTokens(accent: string): Record<string, string> {
  let text = accent;
  for (
    let share = 0.05;
    contrastRatio(text, THEME_SURFACE_RAISED) < TEXT_CONTRAST && share <= 1;
    share += 0.05
  )
    text = lighten(accent, share);
  return {
    '--ok-color-accent': accent.toLowerCase(),
    '--ok-color-accent-hover': lighten(accent, 0.15),
    '--ok-color-on-accent': onAccent(accent),
    '--ok-color-accent-text': text,
  };
}

/**
 * Which WCAG AA rule an accent colour breaks, with its ratio and the ratio it needs. The ratio is cut, not rounded,
 * to one decimal: WCAG does not round, and 4.48 said as "4.5:1" would read as passing.
 */
export interface AccentRefusal {
  rule: 'background' | 'label';
  ratio: string;
  needs: number;
}

/** Why an accent colour is refused (WCAG AA); undefined when it may be used. */
export function accentRefusal(accent: string): AccentRefusal | undefined {
  const shape = contrastRatio(accent, THEME_BACKGROUND);
  const said = (r: number) => (Math.floor(r * 10) / 10).toFixed(1);
  if (shape < SHAPE_CONTRAST) return { rule: 'background', ratio: said(shape), needs: SHAPE_CONTRAST };
  const label = contrastRatio(accent, onAccent(accent));
  if (label < TEXT_CONTRAST) return { rule: 'label', ratio: said(label), needs: TEXT_CONTRAST };
  return undefined;
}

/** The refusal in the API's words (the console says it in the operator's language from the same figures). */
const refusalWords = ({ rule, ratio, needs }: AccentRefusal) =>
  rule === 'background'
    ? `This colour has a contrast of ${ratio}:1 against the page's background; it needs at least ${needs}:1 (WCAG AA). Choose a lighter colour.`
    : `A button's label on this colour has a contrast of ${ratio}:1; it needs at least ${needs}:1 (WCAG AA). Choose a darker or a lighter colour.`;

/** The accent colour setting: '' keeps the kit's own; else `#rrggbb` that passes the rule above. */
export const accentColorSchema = z.union([
  z.literal(''),
  z
    .string()
    .regex(HEX, 'Enter a colour as #rrggbb')
    .superRefine((v, ctx) => {
      const why = accentRefusal(v);
      if (why) ctx.addIssue({ code: 'custom', message: refusalWords(why) });
    }),
]);

/** A footer link: '' for none, else an http(s) address (never `javascript:` or another scheme). */
export const footerLinkSchema = z.union([
  z.literal(''),
  z.url({ protocol: /^https?$/, error: 'Enter a full address (https://…)' }).max(512),
]);

/** The footer's links; each shows only when set. */
export const FOOTER_LINKS = ['terms', 'privacy', 'help'] as const;

/** Where the operator's logo is served (decision 0403); the app property's `logoUrl` adds its version. */
export const BRAND_LOGO_PATH = '/media/brand/logo';

/** What the site draws of the brand besides its name (appProperty's `brand`). */
export const brandSchema = z.object({
  accentColor: z.string(),
  /** The logo's address with its version; '' when there is none (the header shows the name). */
  logoUrl: z.string().default(''),
  /** The version of the operator's app icon; '' when there is none (the icons are the play mark in the accent). */
  iconVersion: z.string().default(''),
  links: z.object({ terms: z.string(), privacy: z.string(), help: z.string() }),
  /** The language of a viewer who chose none and whose browser names none of ours (spec §1's last step). */
  defaultLanguage: z.enum(LANGS),
});
export type Brand = z.output<typeof brandSchema>;

export const DEFAULT_BRAND: Brand = {
  accentColor: '',
  logoUrl: '',
  iconVersion: '',
  links: { terms: '', privacy: '', help: '' },
  defaultLanguage: 'en',
};

/** The `style` attribute of a page's root that applies the accent; '' when the kit's own stays. */
export const brandStyle = (brand: Brand | undefined): string =>
  brand?.accentColor
    ? Object.entries(accentTokens(brand.accentColor))
        .map(([k, v]) => `${k}: ${v}`)
        .join('; ')
    : '';
