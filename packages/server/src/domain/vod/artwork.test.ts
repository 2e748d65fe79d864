import { describe, expect, it } from 'vitest';
import { artColours, artSvg, wrap } from './artwork.ts';

describe('artSvg', () => {
  it('draws a 2:3 poster and a 16:9 landscape', () => {
    expect(artSvg('m-001', 'poster', 'The Harbor', '2020')).toContain('viewBox="0 0 400 600"');
    expect(artSvg('m-001', 'landscape', 'The Harbor', '2020')).toContain('viewBox="0 0 640 360"');
  });

  it('draws a backdrop without words: the banner writes its title once, over it (issue 36)', () => {
    const svg = artSvg('m-001', 'backdrop', 'The Harbor', '2020');
    expect(svg).toContain('viewBox="0 0 640 360"');
    expect(svg).not.toContain('<text');
    expect(svg).toContain('aria-label="The Harbor"');
  });

  it('escapes the title so markup in it stays text', () => {
    const svg = artSvg('m-1', 'poster', '<script>alert("x")</script> & co', "it's");
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&#60;script&#62;');
    expect(svg).toContain('&#38; co');
  });

  it('takes its colours from the id: stable, and different ids differ', () => {
    expect(artColours('m-001')).toEqual(artColours('m-001'));
    expect(artColours('m-001')).not.toEqual(artColours('m-002'));
  });
});

describe('wrap', () => {
  it('wraps at word boundaries and cuts the last allowed line', () => {
    expect(wrap('The Long Night of the Wolves', 14, 4)).toEqual(['The Long Night', 'of the Wolves']);
    expect(wrap('a b c d e f', 1, 2)).toEqual(['a', '…']);
  });
});
