import { readFileSync } from 'node:fs';
import { THEME_BACKGROUND, THEME_SURFACE_RAISED } from '@ottkit/api-client/contract';
import { describe, expect, it } from 'vitest';

// The operator's accent colour is checked against the theme's dark surfaces (decision 0401), which the contract
// names for the server: the two must stay the colours this file draws.
const tokens = readFileSync(new URL('./tokens.css', import.meta.url), 'utf8');
const token = (name: string) => new RegExp(`${name}:\\s*(#[0-9a-f]{6});`, 'i').exec(tokens)?.[1];

describe('tokens.css', () => {
  it("has the background and raised surface the accent colour's contrast is checked against", () => {
    expect(token('--ok-color-bg')).toBe(THEME_BACKGROUND);
    expect(token('--ok-color-surface-raised')).toBe(THEME_SURFACE_RAISED);
  });
});
