import { SaxesParser, type SaxesTagPlain } from 'saxes';

/**
 * An operator's SVG logo, sanitised (issue 40, decision 0403): parsed by saxes (no DOM, no DTD processing) and
 * written out again from an allow-list of drawing elements and attributes. A logo that asks for anything else
 * (a script, an event handler, an embedded page or picture, a style sheet, a link or reference outside itself, a
 * DOCTYPE) is refused in words, not quietly changed: the operator learns what to remove.
 */
export class SvgRefused extends Error {}

/** Elements a drawing needs; nothing that runs, loads or embeds. */
const ELEMENTS = new Set([
  'svg',
  'g',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'title',
  'desc',
  'defs',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'symbol',
  'use',
]);

/** Presentation and geometry attributes; `href` only to a part of the same drawing (`#id`). */
const ATTRIBUTES = new Set([
  'xmlns',
  'xmlns:xlink',
  'version',
  'id',
  'class',
  'viewBox',
  'preserveAspectRatio',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'd',
  'points',
  'transform',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'opacity',
  'clip-path',
  'clip-rule',
  'mask',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'dx',
  'dy',
  'role',
  'aria-label',
  'aria-hidden',
  'href',
  'xlink:href',
]);

/** A url() to anything but one of the drawing's own parts (`url(#id)`). */
const URL_OUTSIDE = /url\(\s*['"]?\s*(?!#)/i;
/** An href to anything but one of the drawing's own parts (`#id`). */
const HREF_OUTSIDE = /^\s*(?!#)\S/;
const escapeText = (s: string) => s.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);
const escapeAttr = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The sanitised SVG text of `source`; throws SvgRefused saying what is not allowed. */
export function sanitizeSvgLogo(source: string): string {
  const parser = new SaxesParser({ xmlns: false });
  const out: string[] = [];
  let depth = 0;
  let root = false;
  const refuse = (what: string) => {
    throw new SvgRefused(
      `The SVG logo contains ${what}, which a logo may not have: save it as a plain drawing (no scripts, styles, links or embedded pictures), or upload a PNG.`,
    );
  };
  parser.on('doctype', () => refuse('a DOCTYPE'));
  parser.on('processinginstruction', (pi) => {
    if (pi.target !== 'xml') refuse('a processing instruction');
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    if (!ELEMENTS.has(tag.name)) refuse(`<${tag.name}>`);
    if (depth === 0) {
      if (tag.name !== 'svg' || root) refuse('more than one drawing');
      root = true;
    }
    const attrs: string[] = [];
    for (const [name, value] of Object.entries(tag.attributes)) {
      if (/^on/i.test(name)) refuse(`an event handler (${name})`);
      if (!ATTRIBUTES.has(name)) refuse(`the attribute ${name}`);
      if ((name === 'href' || name === 'xlink:href') && HREF_OUTSIDE.test(value)) refuse(`a link (${name})`);
      if (URL_OUTSIDE.test(value)) refuse(`a reference outside the drawing (${name})`);
      if (/javascript:|data:/i.test(value)) refuse(`a script or data address (${name})`);
      attrs.push(` ${name}="${escapeAttr(value)}"`);
    }
    out.push(`<${tag.name}${attrs.join('')}${tag.isSelfClosing ? '/>' : '>'}`);
    if (!tag.isSelfClosing) depth++;
  });
  parser.on('closetag', (tag) => {
    if (tag.isSelfClosing) return;
    depth--;
    out.push(`</${tag.name}>`);
  });
  parser.on('text', (text) => {
    if (depth > 0) out.push(escapeText(text));
    else if (text.trim()) refuse('text outside the drawing');
  });
  parser.on('cdata', (text) => {
    if (depth > 0) out.push(escapeText(text));
  });
  try {
    parser.write(source).close();
  } catch (e) {
    if (e instanceof SvgRefused) throw e;
    throw new SvgRefused('The logo is not a well-formed SVG drawing: save it again as SVG, or upload a PNG.');
  }
  if (!root) throw new SvgRefused('The logo is not an SVG drawing: upload an SVG or a PNG.');
  return `${out.join('')}\n`;
}

/** Whether the bytes look like an SVG document (what is uploaded is judged by its content, not its name). */
export const looksLikeSvg = (bytes: Buffer): boolean =>
  /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<(svg|!DOCTYPE)\b/i.test(
    bytes
      .subarray(0, 4096)
      .toString('utf8')
      .replace(/^\uFEFF/, ''),
  );
