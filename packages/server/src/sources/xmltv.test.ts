import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chunked, twoLanguageGuide } from './fixtures.test-helpers.ts';
import { parseXmltv, type XmltvChannel, type XmltvProgramme, xmltvTime } from './xmltv.ts';

async function read(doc: string | Uint8Array, size = 13) {
  const channels: XmltvChannel[] = [];
  const programmes: XmltvProgramme[] = [];
  const skipped = await parseXmltv(chunked(doc, size), {
    channel: (c) => channels.push(c),
    programme: (p) => programmes.push(p),
  });
  return { channels, programmes, skipped };
}

describe('xmltvTime', () => {
  it('reads offsets, short forms and no offset as UTC', () => {
    expect(xmltvTime('20260601120000 +0000')).toBe(Date.UTC(2026, 5, 1, 12));
    expect(xmltvTime('20260601120000 +0200')).toBe(Date.UTC(2026, 5, 1, 10));
    expect(xmltvTime('20260601120000 -0530')).toBe(Date.UTC(2026, 5, 1, 17, 30));
    expect(xmltvTime('202606011200')).toBe(Date.UTC(2026, 5, 1, 12));
    expect(xmltvTime('20260601')).toBe(Date.UTC(2026, 5, 1));
    expect(xmltvTime('tomorrow')).toBeNaN();
    expect(xmltvTime(undefined)).toBeNaN();
  });
});

describe('parseXmltv', () => {
  it('streams channels and programmes with languages, category and rating', async () => {
    const { channels, programmes, skipped } = await read(twoLanguageGuide('20260601'));
    expect(channels).toEqual([
      { id: 'news.one', names: ['News One', 'Noticias Uno'], icon: 'http://logo.test/n.png' },
      { id: 'sport.1', names: ['Sport 1 HD'], icon: '' },
    ]);
    expect(programmes).toHaveLength(3);
    expect(programmes[0]).toEqual({
      channel: 'news.one',
      start: Date.UTC(2026, 5, 1, 6),
      stop: Date.UTC(2026, 5, 1, 7),
      titles: [
        { lang: 'en', text: 'Morning News' },
        { lang: 'es', text: 'Noticias de la mañana' },
      ],
      descs: [
        { lang: 'en', text: "The day's news & weather." },
        { lang: 'es', text: 'Las noticias del día.' },
      ],
      categories: [{ lang: 'en', text: 'News' }],
      rating: 'TV-G',
      ratingSystem: 'MPAA',
    });
    expect(programmes[1]).toMatchObject({
      start: Date.UTC(2026, 5, 1, 7),
      titles: [{ text: 'Talk & Views' }],
    });
    expect(programmes[2]?.stop).toBeNaN();
    expect(skipped.total).toBe(0);
  });

  it('reads gzip the same as plain', async () => {
    const plain = await read(twoLanguageGuide('20260601'));
    const { openSource } = await import('./input.ts');
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'xmltv-'));
    const file = join(dir, 'guide.xml.gz');
    writeFileSync(file, gzipSync(twoLanguageGuide('20260601')));
    const programmes: XmltvProgramme[] = [];
    await parseXmltv(openSource(file), { channel: () => {}, programme: (p) => programmes.push(p) });
    expect(programmes).toEqual(plain.programmes);
    rmSync(dir, { recursive: true, force: true });
  });

  it('skips bad programmes with reasons and keeps a truncated guide up to the cut', async () => {
    const doc = `<tv><channel><display-name>no id</display-name></channel>
<programme start="20260601000000" channel="a"><title>ok</title></programme>
<programme start="nonsense" channel="a"><title>x</title></programme>
<programme start="20260601010000" channel="a"></programme>
<programme start="20260601020000" stop="20260601010000" channel="a"><title>back</title></programme>
<programme start="20260601030000" channel=""><title>y</title></programme>
<programme start="20260601040000" channel="a"><title>kept</title></programme>
<programme start="20260601050000" channel="a"><title>cut he`;
    const { programmes, skipped } = await read(doc);
    expect(programmes.map((p) => p.titles[0]?.text)).toEqual(['ok', 'kept']);
    expect(Object.fromEntries(skipped.counts)).toEqual({
      'guide channel without id': 1,
      'programme without a valid start': 1,
      'programme without title': 1,
      'programme ends before it starts': 1,
      'programme without channel': 1,
      'guide ends before </tv> (truncated?); what was complete is kept': 1,
    });
  });

  it('bounds a huge description', async () => {
    const doc = `<tv><programme start="20260601000000" channel="a"><title>t</title><desc>${'x'.repeat(
      2 * 1024 * 1024,
    )}</desc></programme></tv>`;
    const { programmes } = await read(doc, 65536);
    expect(programmes[0]?.descs[0]?.text.length).toBeLessThanOrEqual(4096 + 65536);
  });

  it('refuses entity expansion ("billion laughs") before expanding anything', async () => {
    const lol = `<?xml version="1.0"?>
<!DOCTYPE tv [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol9 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<tv><programme start="20260601000000" channel="a"><title>&lol9;</title></programme></tv>`;
    await expect(read(lol)).rejects.toThrow(/refused/);
  });

  it('refuses external entities (XXE): no file is read', async () => {
    const xxe = `<?xml version="1.0"?>
<!DOCTYPE tv [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<tv><programme start="20260601000000" channel="a"><title>&xxe;</title></programme></tv>`;
    await expect(read(xxe)).rejects.toThrow(/refused/);
  });

  it('never expands an undeclared entity either (no DTD is loaded)', async () => {
    const doc = `<?xml version="1.0"?>
<!DOCTYPE tv SYSTEM "http://127.0.0.1:1/evil.dtd">
<tv><programme start="20260601000000" channel="a"><title>&evil;</title></programme></tv>`;
    const programmes: XmltvProgramme[] = [];
    await expect(
      parseXmltv(chunked(doc), { channel: () => {}, programme: (p) => programmes.push(p) }),
    ).rejects.toThrow(/not well-formed XML: .*undefined entity/);
    expect(programmes).toEqual([]);
  });

  it('refuses what is not XMLTV', async () => {
    await expect(read('<html><body>502 Bad Gateway</body></html>')).rejects.toThrow(/not an XMLTV guide/);
    await expect(read('#EXTM3U\n')).rejects.toThrow(/not an XMLTV guide/);
  });
});
