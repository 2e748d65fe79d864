import { describe, expect, it } from 'vitest';
import { chunked, FULL_M3U } from './fixtures.test-helpers.ts';
import { SourceError } from './input.ts';
import { parseM3u, splitExtinf } from './m3u.ts';

describe('parseM3u', () => {
  it('reads the header and every entry attribute', async () => {
    const r = await parseM3u(chunked(FULL_M3U));
    expect(r.header).toEqual({
      guideUrls: ['http://guide.test/a.xml.gz', 'http://guide.test/b.xml'],
      catchup: 'shift',
      catchupDays: 3,
      catchupSource: '?utc={utc}',
    });
    expect(r.entries).toHaveLength(3);
    expect(r.entries[0]).toMatchObject({
      tvgId: 'news.one',
      name: 'News One HD',
      group: 'News',
      logo: 'http://logo.test/news.png',
      number: 101,
      url: 'http://streams.test/news1/index.m3u8',
      catchupDays: 3,
      catchupMode: 'shift',
      userAgent: 'Player/1.0',
      referrer: 'http://portal.test/',
    });
    expect(r.entries[1]).toMatchObject({
      tvgId: 'sport.1',
      group: 'Sports',
      catchupDays: 7,
      catchupMode: 'append',
      catchupSource: '&t={start}',
    });
    expect(r.entries[2]).toMatchObject({ name: 'Movies "Gold", the channel', group: 'Movies, classic' });
    expect(r.skipped.total).toBe(0);
  });

  it('reads the same with a BOM and CRLF line ends, cut anywhere', async () => {
    const crlf = `\uFEFF${FULL_M3U.replaceAll('\n', '\r\n')}\r\n`;
    for (const size of [1, 3, 64]) {
      const r = await parseM3u(chunked(crlf, size));
      expect(r.entries.map((e) => e.url)).toEqual([
        'http://streams.test/news1/index.m3u8',
        'https://streams.test/sport1.m3u8',
        'http://streams.test/movies.m3u8',
      ]);
      expect(r.header.catchupDays).toBe(3);
    }
  });

  it('skips bad entries with their reasons and keeps the rest', async () => {
    const text = [
      '#EXTM3U',
      '#EXTINF:-1,No URL',
      '#EXTINF:-1 tvg-id="ok",Kept',
      'http://s.test/ok.m3u8',
      'http://s.test/orphan.m3u8',
      '#EXTINF:-1 tvg-id="x"',
      'http://s.test/nameless.m3u8',
      '#EXTINF:-1,Bad scheme',
      'file:///etc/passwd',
      `#EXTINF:-1 tvg-logo="${'a'.repeat(1024 * 1024)}",Huge`,
      'http://s.test/huge.m3u8',
      '#EXTINF:-1,Kept too',
      'http://s.test/ok2.m3u8',
      '#EXTINF:-1,Cut off',
    ].join('\n');
    const r = await parseM3u(chunked(text, 4096));
    expect(r.entries.map((e) => e.name)).toEqual(['Kept', 'Kept too']);
    expect(Object.fromEntries(r.skipped.counts)).toEqual({
      'no stream URL': 1,
      'stream URL without #EXTINF': 2,
      'no channel name': 1,
      'stream URL is not http(s)': 1,
      'line over 64 KB': 1,
      'truncated at the end of the file': 1,
    });
  });

  it('refuses an HTML page and a file that is no playlist, as a whole', async () => {
    await expect(parseM3u(chunked('<!DOCTYPE html><html><body>Login</body></html>'))).rejects.toThrow(
      /web page, not an M3U playlist/,
    );
    await expect(parseM3u(chunked('{"user_info":{}}'))).rejects.toBeInstanceOf(SourceError);
    await expect(parseM3u(chunked(''))).rejects.toThrow(/empty/);
  });

  it('reads Latin-1 lines and says so', async () => {
    const bytes = Buffer.concat([
      Buffer.from('#EXTM3U\n#EXTINF:-1,Canal '),
      Buffer.from([0xe9]), // é in Latin-1, invalid UTF-8
      Buffer.from('\nhttp://s.test/a.m3u8\n'),
    ]);
    const r = await parseM3u(chunked(bytes));
    expect(r.entries[0]?.name).toBe('Canal é');
    expect(r.skipped.counts.get('line not in UTF-8 (read as Latin-1)')).toBe(1);
  });
});

describe('splitExtinf', () => {
  it('takes the name after the first comma outside quotes', () => {
    const { attrs, name } = splitExtinf('-1 tvg-name="A, B" group-title=\'X\' tvg-chno=5,The name, really');
    expect(name).toBe('The name, really');
    expect(attrs.get('tvg-name')).toBe('A, B');
    expect(attrs.get('group-title')).toBe('X');
    expect(attrs.get('tvg-chno')).toBe('5');
  });
});
