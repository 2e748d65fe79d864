// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Box, nearest } from './spatial.ts';
import { move, reachable } from './remote.ts';

// The home page in the tv layout at 1280×720, scrolled near its end: the skip link (drawn off the page until
// focused), the sticky header over the content's top, and rows of the content above and in view. jsdom lays
// nothing out, so every control is given the box Chromium measured for it (the viewport's coordinates).
const SKIP: Box = { left: -9999, top: -2935, right: -9879, bottom: -2915 };
const BRAND: Box = { left: 30, top: 15, right: 130, bottom: 44 };
const ROW_ABOVE: Box = { left: 30, top: -303, right: 270, bottom: -140 };
const TITLE: Box = { left: 30, top: 79, right: 143, bottom: 108 };
const CARD: Box = { left: 30, top: 144, right: 270, bottom: 307 };

function page(boxes: Record<string, Box>) {
  document.body.innerHTML = `
    <a class="skip-link" href="#main" id="skip">Skip to content</a>
    <header class="site-header"><a id="brand" href="/home">ottkit</a></header>
    <main id="main">
      <a id="above" href="/title/1">Comedy card</a>
      <a id="title" href="/rows/kids">For the kids</a>
      <a id="card" href="/title/2">Kids card</a>
    </main>`;
  for (const [id, b] of Object.entries(boxes)) {
    const el = document.getElementById(id) as HTMLElement;
    el.getBoundingClientRect = () =>
      DOMRect.fromRect({ x: b.left, y: b.top, width: b.right - b.left, height: b.bottom - b.top });
  }
}
const at = (id: string) => document.getElementById(id) as HTMLElement;

beforeEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 2935, configurable: true });
  Object.defineProperty(window, 'innerHeight', { value: 720, configurable: true });
  Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true });
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('move (the remote in the tv layout)', () => {
  it('↑ from a control just below the sticky header goes to the row above it, scrolled off under the header', () => {
    page({ skip: SKIP, brand: BRAND, above: ROW_ABOVE, title: TITLE, card: CARD });
    // Geometry alone picks the header: it is nearer above than the row scrolled away (the bug).
    expect(nearest(TITLE, [BRAND, ROW_ABOVE], 'up')).toBe(0);
    at('title').focus();
    expect(move(document, 'up')).toBe(true);
    expect(document.activeElement).toBe(at('above'));
    expect(at('above').scrollIntoView).toHaveBeenCalled();
  });

  it('↑ from the top of the content reaches the header', () => {
    page({
      skip: SKIP,
      brand: BRAND,
      above: CARD,
      title: { ...CARD, top: 400, bottom: 500 },
      card: { ...CARD, top: 600, bottom: 700 },
    });
    at('above').focus();
    expect(move(document, 'up')).toBe(true);
    expect(document.activeElement).toBe(at('brand'));
  });

  it('a focused control scrolled out of view: the arrow starts again from the first control in view', () => {
    page({
      skip: SKIP,
      brand: BRAND,
      above: { ...ROW_ABOVE, top: -2467, bottom: -2423 },
      title: TITLE,
      card: CARD,
    });
    at('above').focus();
    expect(move(document, 'up')).toBe(true);
    expect(document.activeElement).toBe(at('title'));
  });

  it('the skip link, off the page until focused, is not a place the remote goes: ↑ on the header stays', () => {
    page({ skip: SKIP, brand: BRAND, above: TITLE, title: CARD, card: { ...CARD, top: 400, bottom: 500 } });
    expect(reachable(document)).not.toContain(at('skip'));
    at('brand').focus();
    expect(move(document, 'up')).toBe(false);
    expect(document.activeElement).toBe(at('brand'));
  });
});
