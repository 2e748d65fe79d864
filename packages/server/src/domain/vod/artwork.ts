import { createHash } from 'node:crypto';

/**
 * Artwork the server draws for the catalogue (no external images): colours come from the id. A backdrop is a
 * landscape without words, behind the banner's own title (decision 0363: one title on the banner).
 */
export type ArtKind = 'poster' | 'landscape' | 'portrait' | 'backdrop';

export const ART_SIZE: Record<ArtKind, { w: number; h: number }> = {
  poster: { w: 400, h: 600 },
  landscape: { w: 640, h: 360 },
  backdrop: { w: 640, h: 360 },
  portrait: { w: 400, h: 600 },
};

export function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Two hues from the id's hash, so the same title always looks the same and neighbours differ. */
export function artColours(id: string): { from: string; to: string; accent: string } {
  const d = createHash('sha256').update(id).digest();
  const h1 = ((d[0] ?? 0) * 360) >> 8;
  const h2 = (h1 + 40 + ((d[1] ?? 0) % 100)) % 360;
  return { from: `hsl(${h1} 60% 32%)`, to: `hsl(${h2} 70% 14%)`, accent: `hsl(${(h1 + 180) % 360} 80% 70%)` };
}

/** Greedy word wrap to lines of at most `width` characters, at most `max` lines (the last one cut with …). */
export function wrap(text: string, width: number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > max) {
    const kept = lines.slice(0, max);
    kept[max - 1] = `${(kept[max - 1] as string).slice(0, width - 1)}…`;
    return kept;
  }
  return lines;
}

/** Draws a poster (2:3), a landscape (16:9) or a person's portrait with the title and a subtitle line. */
export function artSvg(id: string, kind: ArtKind, title: string, subtitle: string): string {
  const { w, h } = ART_SIZE[kind];
  const c = artColours(id);
  const size = kind === 'landscape' ? 40 : 44;
  const lines = wrap(title, kind === 'landscape' ? 24 : 14, 4);
  const top = kind === 'landscape' ? h / 2 - ((lines.length - 1) * size * 1.15) / 2 : h * 0.58;
  const words = kind !== 'backdrop';
  const text = (words ? lines : [])
    .map(
      (l, i) =>
        `<text x="${w / 2}" y="${Math.round(top + i * size * 1.15)}" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${size}" font-weight="700" fill="#fff">${escapeXml(l)}</text>`,
    )
    .join('\n');
  const shape =
    kind === 'portrait'
      ? `<circle cx="${w / 2}" cy="${h * 0.3}" r="${w * 0.2}" fill="${c.accent}" opacity="0.8"/>`
      : `<circle cx="${w * 0.82}" cy="${h * 0.18}" r="${Math.min(w, h) * 0.32}" fill="${c.accent}" opacity="0.25"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.from}"/><stop offset="1" stop-color="${c.to}"/></linearGradient></defs>
<rect width="${w}" height="${h}" fill="url(#g)"/>
${shape}
${text}
${words ? `<text x="${w / 2}" y="${h - 28}" text-anchor="middle" font-family="system-ui, sans-serif" font-size="22" fill="#fff" opacity="0.8">${escapeXml(subtitle)}</text>` : ''}
</svg>
`;
}
