// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { svgLogo } from '../fixtures/fixtures.ts';
import { ChannelLogo } from './ChannelLogo.tsx';

afterEach(cleanup);

describe('ChannelLogo', () => {
  it('is a decorative, lazily loaded image of the size asked for', () => {
    const { container } = render(<ChannelLogo src={svgLogo('A')} name="Alpha" size={32} className="x" />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('alt')).toBe('');
    expect([img?.getAttribute('width'), img?.getAttribute('height')]).toEqual(['32', '32']);
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.classList.contains('x')).toBe(true);
  });

  it('puts a new element in for a new logo, so a reused row never shows the last channel’s', () => {
    const { container, rerender } = render(<ChannelLogo src={svgLogo('A')} name="Alpha" size={40} />);
    const first = container.querySelector('img');
    rerender(<ChannelLogo src={svgLogo('A')} name="Alpha" size={40} />);
    expect(container.querySelector('img')).toBe(first);
    rerender(<ChannelLogo src={svgLogo('B')} name="Beta" size={40} />);
    expect(container.querySelector('img')).not.toBe(first);
    expect(container.querySelector('img')?.getAttribute('src')).toBe(svgLogo('B'));
  });

  it('shows the name’s first two letters without a logo, or nothing when asked', () => {
    const { container, rerender } = render(<ChannelLogo src="" name="Kids Planet" size={40} />);
    expect(container.textContent).toBe('Ki');
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    rerender(<ChannelLogo src="" name="Kids Planet" size={32} fallback={false} />);
    expect(container.innerHTML).toBe('');
  });
});
