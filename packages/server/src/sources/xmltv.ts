import { SaxesParser } from 'saxes';
import { SkipReport } from './entries.ts';
import { SourceError } from './input.ts';

/** A guide channel: its XMLTV id and display names (in every language given). */
export interface XmltvChannel {
  id: string;
  names: string[];
  icon: string;
}

/** Text in one language; `lang` is '' when the feed gives none. */
export interface LangText {
  lang: string;
  text: string;
}

export interface XmltvProgramme {
  channel: string;
  start: number;
  /** NaN when the feed leaves it out (the next programme's start closes it). */
  stop: number;
  titles: LangText[];
  descs: LangText[];
  categories: LangText[];
  /** The first `<rating>`'s value ('' when none) and its `system` attribute ('' when none). */
  rating: string;
  ratingSystem: string;
}

export interface XmltvHandlers {
  channel(c: XmltvChannel): void;
  programme(p: XmltvProgramme): void;
}

/** Longest text kept of one element (a 1 MB description is cut, memory stays bounded). */
const MAX_TEXT = 4096;
/** Most texts of one kind kept per programme. */
const MAX_TEXTS = 8;

/**
 * XMLTV time: `YYYYMMDDhhmmss +hhmm` (seconds, minutes and the offset optional; no offset = UTC).
 * NaN when it is not one.
 */
export function xmltvTime(s: string | undefined): number {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?\s*(?:([+-])(\d{2}):?(\d{2})|Z|UTC|GMT)?$/.exec(
    (s ?? '').trim(),
  );
  if (!m) return Number.NaN;
  const [, y, mo, d, h = '0', mi = '0', se = '0', sign, oh = '0', om = '0'] = m;
  const utc = Date.UTC(+(y as string), +(mo as string) - 1, +(d as string), +h, +mi, +se);
  const offset = (Number(oh) * 60 + Number(om)) * 60_000;
  return sign === '-' ? utc + offset : sign === '+' ? utc - offset : utc;
}

/**
 * Streams an XMLTV document (saxes: no DOM, no DTD processing). A DOCTYPE with an internal subset (where entity
 * declarations live: "billion laughs", external entities) is refused before anything is read; entities other
 * than XML's five and character references are errors, so nothing is ever expanded or fetched.
 * A document cut short keeps what was complete and reports it.
 */
export async function parseXmltv(chunks: AsyncIterable<Uint8Array>, on: XmltvHandlers): Promise<SkipReport> {
  const skipped = new SkipReport();
  const parser = new SaxesParser({ position: true });
  let failure: Error | undefined;
  let sawRoot = false;
  let channel: XmltvChannel | undefined;
  let prog: XmltvProgramme | undefined;
  let text: string | undefined;
  let textLang = '';
  let inRating = false;

  parser.on('error', (e) => {
    failure ??= e;
  });
  parser.on('doctype', (d) => {
    if (d.includes('['))
      failure ??= new SourceError('the guide declares its own DTD entities; refused (XML attack?)');
  });
  parser.on('opentag', (tag) => {
    const a = tag.attributes as Record<string, string>;
    switch (tag.name) {
      case 'tv':
        sawRoot = true;
        return;
      case 'channel':
        channel = { id: (a.id ?? '').trim(), names: [], icon: '' };
        return;
      case 'programme': {
        prog = {
          channel: (a.channel ?? '').trim(),
          start: xmltvTime(a.start),
          stop: a.stop ? xmltvTime(a.stop) : Number.NaN,
          titles: [],
          descs: [],
          categories: [],
          rating: '',
          ratingSystem: '',
        };
        return;
      }
      case 'icon':
        if (channel && a.src) channel.icon = a.src;
        return;
      case 'rating':
        inRating = true;
        if (prog && !prog.rating) prog.ratingSystem = (a.system ?? '').trim().slice(0, 64);
        return;
      case 'display-name':
      case 'title':
      case 'desc':
      case 'category':
      case 'value':
        text = '';
        textLang = (a.lang ?? '').trim().toLowerCase();
        return;
    }
  });
  parser.on('text', (t) => {
    if (text !== undefined && text.length < MAX_TEXT) text += t;
  });
  parser.on('cdata', (t) => {
    if (text !== undefined && text.length < MAX_TEXT) text += t;
  });
  parser.on('closetag', (tag) => {
    const value = text === undefined ? '' : text.slice(0, MAX_TEXT).trim();
    switch (tag.name) {
      case 'display-name':
        if (channel && value && channel.names.length < MAX_TEXTS) channel.names.push(value);
        break;
      case 'title':
        if (prog && value && prog.titles.length < MAX_TEXTS)
          prog.titles.push({ lang: textLang, text: value });
        break;
      case 'desc':
        if (prog && value && prog.descs.length < MAX_TEXTS) prog.descs.push({ lang: textLang, text: value });
        break;
      case 'category':
        if (prog && value && prog.categories.length < MAX_TEXTS)
          prog.categories.push({ lang: textLang, text: value });
        break;
      case 'value':
        if (prog && inRating && value && !prog.rating) prog.rating = value;
        break;
      case 'rating':
        inRating = false;
        break;
      case 'channel':
        if (channel) {
          if (!channel.id) skipped.add(parser.line, 'guide channel without id');
          else on.channel(channel);
        }
        channel = undefined;
        break;
      case 'programme':
        if (prog) {
          if (!prog.channel) skipped.add(parser.line, 'programme without channel');
          else if (Number.isNaN(prog.start)) skipped.add(parser.line, 'programme without a valid start');
          else if (prog.titles.length === 0) skipped.add(parser.line, 'programme without title');
          else if (!Number.isNaN(prog.stop) && prog.stop <= prog.start)
            skipped.add(parser.line, 'programme ends before it starts');
          else on.programme(prog);
        }
        prog = undefined;
        break;
    }
    text = undefined;
  });

  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    parser.write(decoder.decode(chunk, { stream: true }));
    if (failure) throw asSourceError(failure, sawRoot);
  }
  parser.write(decoder.decode());
  if (failure) throw asSourceError(failure, sawRoot);
  parser.close();
  if (failure) {
    if (!sawRoot) throw asSourceError(failure, sawRoot);
    skipped.add(parser.line, 'guide ends before </tv> (truncated?); what was complete is kept');
  }
  if (!sawRoot) throw new SourceError('this is not an XMLTV guide (no <tv> element)');
  return skipped;
}

function asSourceError(e: Error, sawRoot: boolean): SourceError {
  if (e instanceof SourceError) return e;
  const what = sawRoot ? 'the guide is not well-formed XML' : 'this is not an XMLTV guide';
  return new SourceError(`${what}: ${e.message}`);
}
