import { describe, expect, it } from 'vitest';
import { isPlaylistStart, rewritePlaylist } from './hlsPlaylist.ts';

// Decision 0364: what ffmpeg would open from a playlist is replaced by a relay URL, however it is written.
const relay = (u: string | undefined) => `R(${u ?? 'none'})`;
const BASE = 'https://cdn.example/live/main.m3u8';

describe('HLS playlists through the pull relay (decision 0364)', () => {
  it('tells a playlist from a segment by its first bytes', () => {
    expect(isPlaylistStart(Buffer.from('#EXTM3U\n#EXT-X-VERSION:3\n'))).toBe(true);
    expect(isPlaylistStart(Buffer.from('\ufeff#EXTM3U\n'))).toBe(true);
    expect(isPlaylistStart(Buffer.from('\r\n  #EXTM3U\n'))).toBe(true);
    expect(isPlaylistStart(Buffer.from(''))).toBe(true);
    expect(isPlaylistStart(Buffer.from([0x47, 0x40, 0x00, 0x10]))).toBe(false);
    expect(isPlaylistStart(Buffer.from('<MPD>'))).toBe(false);
  });

  it('replaces segment and variant lines, resolved against the playlist URL', () => {
    const text = [
      '#EXTM3U',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,CODECS="avc1.4d401f,mp4a.40.2"',
      'low/index.m3u8',
      '#EXTINF:2.0,',
      '/seg/1.ts?token=x',
      '#EXTINF:2.0,',
      'http://169.254.169.254/latest/meta-data/',
      '',
    ].join('\n');
    expect(rewritePlaylist(text, BASE, relay).split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000,CODECS="avc1.4d401f,mp4a.40.2"',
      'R(https://cdn.example/live/low/index.m3u8)',
      '#EXTINF:2.0,',
      'R(https://cdn.example/seg/1.ts?token=x)',
      '#EXTINF:2.0,',
      'R(http://169.254.169.254/latest/meta-data/)',
      '',
    ]);
  });

  it.each([
    [
      '#EXT-X-KEY:METHOD=AES-128,URI="key.bin",IV=0x1',
      '#EXT-X-KEY:METHOD=AES-128,URI="R(https://cdn.example/live/key.bin)",IV=0x1',
    ],
    [
      '#EXT-X-MAP:URI="init.mp4",BYTERANGE="800@0"',
      '#EXT-X-MAP:URI="R(https://cdn.example/live/init.mp4)",BYTERANGE="800@0"',
    ],
    [
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",URI="http://127.0.0.1:6379/"',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",URI="R(http://127.0.0.1:6379/)"',
    ],
    [
      '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=1,URI="if.m3u8"',
      '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=1,URI="R(https://cdn.example/live/if.m3u8)"',
    ],
    [
      '#EXT-X-SESSION-KEY:METHOD=AES-128,URI="k"',
      '#EXT-X-SESSION-KEY:METHOD=AES-128,URI="R(https://cdn.example/live/k)"',
    ],
    [
      '#EXT-X-PART:DURATION=0.5,URI="p.mp4"',
      '#EXT-X-PART:DURATION=0.5,URI="R(https://cdn.example/live/p.mp4)"',
    ],
    [
      '#EXT-X-PRELOAD-HINT:TYPE=PART,URI="h.mp4"',
      '#EXT-X-PRELOAD-HINT:TYPE=PART,URI="R(https://cdn.example/live/h.mp4)"',
    ],
    [
      '#EXT-X-RENDITION-REPORT:URI="../r.m3u8",LAST-MSN=1',
      '#EXT-X-RENDITION-REPORT:URI="R(https://cdn.example/r.m3u8)",LAST-MSN=1',
    ],
    // Written the ways ffmpeg's attribute reader also accepts: unquoted, escaped, after blanks.
    [
      '#EXT-X-KEY:METHOD=AES-128,URI=http://10.0.0.1/k',
      '#EXT-X-KEY:METHOD=AES-128,URI="R(http://10.0.0.1/k)"',
    ],
    ['#EXT-X-KEY:URI="http:\\/\\/10.0.0.1\\/k"', '#EXT-X-KEY:URI="R(http://10.0.0.1/k)"'],
    ['#EXT-X-MAP: URI="i.mp4"', '#EXT-X-MAP: URI="R(https://cdn.example/live/i.mp4)"'],
    [
      '#EXT-X-CONTENT-STEERING:SERVER-URI="s.json"',
      '#EXT-X-CONTENT-STEERING:SERVER-URI="R(https://cdn.example/live/s.json)"',
    ],
  ])('replaces the URI attribute of %s', (line, rewritten) => {
    expect(rewritePlaylist(`#EXTM3U\n${line}\n`, BASE, relay)).toBe(`#EXTM3U\n${rewritten}\n`);
  });

  it('splits lines as ffmpeg does (CR, CRLF and NUL too) and never leaves a URI it cannot read', () => {
    const text =
      '#EXTM3U\r#EXTINF:2,\rhttp://10.0.0.1/a.ts\r\n#EXTINF:2,\0http://10.0.0.2/b.ts\nhttp://[bad/c.ts';
    expect(rewritePlaylist(text, BASE, relay).split('\n')).toEqual([
      '#EXTM3U',
      '#EXTINF:2,',
      'R(http://10.0.0.1/a.ts)',
      '#EXTINF:2,',
      'R(http://10.0.0.2/b.ts)',
      'R(none)',
    ]);
  });

  it('tells the relay what each URI names: a playlist, a key or media (decision 0435)', () => {
    const role = (u: string | undefined, r: string) => `${r}:${u?.split('/').pop()}`;
    const master = [
      '#EXTM3U',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="es",URI="audio.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000',
      'low.m3u8',
      '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=9000,URI="iframes.m3u8"',
    ].join('\n');
    expect(
      rewritePlaylist(master, BASE, role)
        .split('\n')
        .filter((l) => l.includes(':')),
    ).toEqual([
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="es",URI="playlist:audio.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=800000',
      'playlist:low.m3u8',
      '#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=9000,URI="playlist:iframes.m3u8"',
    ]);
    const media = [
      '#EXTM3U',
      '#EXT-X-KEY:METHOD=AES-128,URI="k.bin"',
      '#EXT-X-MAP:URI="init.mp4"',
      '#EXTINF:2,',
      '1.ts',
    ];
    expect(rewritePlaylist(media.join('\n'), BASE, role).split('\n').slice(1)).toEqual([
      '#EXT-X-KEY:METHOD=AES-128,URI="key:k.bin"',
      '#EXT-X-MAP:URI="segment:init.mp4"',
      '#EXTINF:2,',
      'segment:1.ts',
    ]);
  });
});
