import { type LineupEntry, NO_GROUP, SkipReport } from './entries.ts';
import { type Line, lines, MAX_LINE_BYTES, SourceError } from './input.ts';

/** `#EXTM3U` header attributes that matter to an import. */
export interface M3uHeader {
  /** x-tvg-url or url-tvg: the guide the playlist points to (may list several, comma separated). */
  guideUrls: string[];
  catchup: string;
  catchupDays: number;
  catchupSource: string;
}

export interface M3uResult {
  header: M3uHeader;
  entries: LineupEntry[];
  skipped: SkipReport;
}

/** `key="value"` or `key=value` pairs, as players write them (keys lower-cased). */
export function parseAttributes(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const re = /([A-Za-z0-9_-]+)=(?:"([^"]*)"|'([^']*)'|([^\s,]*))/g;
  for (const m of text.matchAll(re)) {
    const key = (m[1] as string).toLowerCase();
    if (!out.has(key)) out.set(key, (m[2] ?? m[3] ?? m[4] ?? '').trim());
  }
  return out;
}

/** `#EXTINF:-1 tvg-id="x" group-title="News",Name`: the attributes and the name after the first comma outside quotes. */
export function splitExtinf(rest: string): { attrs: Map<string, string>; name: string } {
  let quote = '';
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ',') return { attrs: parseAttributes(rest.slice(0, i)), name: rest.slice(i + 1).trim() };
  }
  return { attrs: parseAttributes(rest), name: '' };
}

function days(v: string | undefined): number {
  const n = Number.parseInt(v ?? '', 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 30) : 0;
}

const STREAM_SCHEMES = /^(https?):\/\//i;

interface Pending {
  at: number;
  attrs: Map<string, string>;
  name: string;
  group: string;
  userAgent: string;
  referrer: string;
}

/**
 * Reads an M3U/M3U8 playlist line by line (never the whole file in memory). A playlist that is not one (an HTML
 * page, a login error) fails as a whole; a bad entry is skipped with its reason and the rest is kept.
 */
export async function parseM3u(chunks: AsyncIterable<Uint8Array>): Promise<M3uResult> {
  const header: M3uHeader = { guideUrls: [], catchup: '', catchupDays: 0, catchupSource: '' };
  const entries: LineupEntry[] = [];
  const skipped = new SkipReport();
  let pending: Pending | undefined;
  let started = false;
  let lastLine = 0;
  const drop = (p: Pending, reason: string) => skipped.add(p.at, reason, p.name);

  const onLine = (line: Line) => {
    lastLine = line.n;
    const text = line.text.trim();
    if (line.tooLong) {
      skipped.add(line.n, `line over ${MAX_LINE_BYTES / 1024} KB`, text);
      if (pending) drop(pending, 'entry with a line too long');
      pending = undefined;
      return;
    }
    if (text === '') return;
    if (!started) {
      started = true;
      if (/^<(!doctype|html|\?xml|head|body)/i.test(text))
        throw new SourceError(
          'the address answered a web page, not an M3U playlist (check the URL and the account)',
        );
      if (text.startsWith('#EXTM3U')) {
        const a = parseAttributes(text.slice(7));
        const guide = a.get('x-tvg-url') || a.get('url-tvg') || '';
        header.guideUrls = guide
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        header.catchup = a.get('catchup') ?? '';
        header.catchupDays = days(a.get('catchup-days'));
        header.catchupSource = a.get('catchup-source') ?? '';
        return;
      }
      if (!text.startsWith('#EXTINF'))
        throw new SourceError('this is not an M3U playlist (no #EXTM3U header)');
    }
    if (line.badEncoding) skipped.add(line.n, 'line not in UTF-8 (read as Latin-1)', text);
    if (text.startsWith('#EXTINF:')) {
      if (pending) drop(pending, 'no stream URL');
      const { attrs, name } = splitExtinf(text.slice(8));
      pending = {
        at: line.n,
        attrs,
        name: name || attrs.get('tvg-name') || '',
        group: attrs.get('group-title') ?? '',
        userAgent: attrs.get('http-user-agent') ?? '',
        referrer: attrs.get('http-referrer') ?? '',
      };
      return;
    }
    if (text.startsWith('#EXTGRP:')) {
      if (pending && !pending.group) pending.group = text.slice(8).trim();
      return;
    }
    if (text.startsWith('#EXTVLCOPT:')) {
      const [k, ...v] = text.slice(11).split('=');
      const value = v.join('=').trim();
      if (pending && k?.trim() === 'http-user-agent') pending.userAgent = value;
      if (pending && (k?.trim() === 'http-referrer' || k?.trim() === 'http-referer'))
        pending.referrer = value;
      return;
    }
    if (text.startsWith('#')) return;
    // A stream URL ends the entry.
    const p = pending;
    pending = undefined;
    if (!p) return skipped.add(line.n, 'stream URL without #EXTINF', text);
    if (!STREAM_SCHEMES.test(text)) return drop(p, 'stream URL is not http(s)');
    if (!p.name) return drop(p, 'no channel name');
    const chno = Number.parseInt(p.attrs.get('tvg-chno') ?? '', 10);
    entries.push({
      upstreamId: '',
      tvgId: p.attrs.get('tvg-id') ?? '',
      name: p.name,
      group: p.group || NO_GROUP,
      logo: p.attrs.get('tvg-logo') ?? '',
      number: Number.isFinite(chno) && chno > 0 ? chno : undefined,
      url: text,
      catchupDays: days(p.attrs.get('catchup-days') ?? p.attrs.get('timeshift')) || header.catchupDays,
      catchupMode: p.attrs.get('catchup') ?? header.catchup,
      catchupSource: p.attrs.get('catchup-source') ?? header.catchupSource,
      userAgent: p.userAgent,
      referrer: p.referrer,
      at: p.at,
    });
  };

  for await (const line of lines(chunks)) onLine(line);
  if (!started) throw new SourceError('the playlist is empty');
  if (pending) skipped.add(lastLine, 'truncated at the end of the file', pending.name);
  return { header, entries, skipped };
}
