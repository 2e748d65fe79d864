// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { arrowsBelongTo, channelStep } from './channelKeys.ts';

describe('channelStep', () => {
  const ids = ['a', 'b', 'c'];
  it('↓ is the next channel of the list and ↑ the previous, wrapping at the ends', () => {
    expect(channelStep(ids, 'a', 'ArrowDown')).toBe('b');
    expect(channelStep(ids, 'a', 'ArrowUp')).toBe('c');
    expect(channelStep(ids, 'c', 'ArrowDown')).toBe('a');
  });
  it('starts at the first channel when none is watched, and goes nowhere in a list of one', () => {
    expect(channelStep(ids, null, 'ArrowDown')).toBe('a');
    expect(channelStep(ids, 'z', 'ArrowUp')).toBe('a');
    expect(channelStep(['a'], 'a', 'ArrowDown')).toBeNull();
    expect(channelStep([], null, 'ArrowDown')).toBeNull();
  });
});

describe('arrowsBelongTo', () => {
  it('leaves arrows to text fields, sliders, listboxes and dialogs, not to buttons or the page', () => {
    document.body.innerHTML = `
      <input id="text"><div role="slider" id="bar"></div><ul role="listbox"><li id="option">x</li></ul>
      <div role="dialog"><button id="inDialog">x</button></div><button id="row">ch</button>`;
    const el = (id: string) => document.getElementById(id);
    expect(arrowsBelongTo(el('text'))).toBe(true);
    expect(arrowsBelongTo(el('bar'))).toBe(true);
    expect(arrowsBelongTo(el('option'))).toBe(true);
    expect(arrowsBelongTo(el('inDialog'))).toBe(true);
    expect(arrowsBelongTo(el('row'))).toBe(false);
    expect(arrowsBelongTo(document.body)).toBe(false);
  });
});
