import { describe, expect, it } from 'vitest';
import { looksLikeSvg, sanitizeSvgLogo, SvgRefused } from './svgLogo.ts';

const svg = (inner: string, attrs = '') =>
  `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 30"${attrs}>${inner}</svg>`;

describe('an SVG logo (decision 0403)', () => {
  it('keeps a plain drawing: shapes, gradients by reference, text, with its comments dropped', () => {
    const out = sanitizeSvgLogo(
      svg(
        '<!-- made by hand --><defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>' +
          '<rect width="100" height="30" fill="url(#g)"/><use href="#g"/><text x="5" y="20">Canal &amp; Uno</text>',
      ),
    );
    expect(out).toContain('<rect width="100" height="30" fill="url(#g)"/>');
    expect(out).toContain('<text x="5" y="20">Canal &#38; Uno</text>');
    expect(out).not.toContain('made by hand');
    expect(out.startsWith('<svg ')).toBe(true);
  });

  it.each([
    ['a script', svg('<script>alert(1)</script>'), /<script>/],
    [
      'an event handler',
      svg('<rect width="1" height="1"/>', ' onload="alert(1)"'),
      /event handler \(onload\)/,
    ],
    ['an embedded page', svg('<foreignObject><p>hi</p></foreignObject>'), /<foreignObject>/],
    ['a picture from elsewhere', svg('<image href="https://x.example/a.png"/>'), /<image>/],
    ['a link outside', svg('<use href="https://x.example/s.svg#a"/>'), /a link \(href\)/],
    [
      'a fill from outside',
      svg('<rect fill="url(https://x.example/p.svg#a)"/>'),
      /outside the drawing \(fill\)/,
    ],
    ['a style sheet', svg('<style>@import url(https://x.example/a.css);</style>'), /<style>/],
    ['a style attribute', svg('<rect style="fill:red"/>'), /the attribute style/],
    ['a javascript address', svg('<a href="javascript:alert(1)"><rect/></a>'), /<a>/],
    ['entities', `<!DOCTYPE svg [<!ENTITY x "y">]>${svg('<text>&x;</text>')}`, /DOCTYPE/],
    ['not a drawing', '<html><body/></html>', /<html>/],
    ['broken XML', '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>', /not a well-formed SVG/],
  ])('refuses %s in words', (_what, source, words) => {
    expect(() => sanitizeSvgLogo(source)).toThrow(SvgRefused);
    expect(() => sanitizeSvgLogo(source)).toThrow(words);
  });

  it('tells an SVG by its content', () => {
    expect(looksLikeSvg(Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- x -->\n<svg/>'))).toBe(true);
    expect(looksLikeSvg(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
    expect(looksLikeSvg(Buffer.from('<html>'))).toBe(false);
  });
});
