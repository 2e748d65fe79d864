import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importedSourceUrl, parseSourceUrl } from './sourceUrl.ts';

const root = mkdtempSync(join(tmpdir(), 'ottkit-srcurl-'));
const media = join(root, 'media');
mkdirSync(media);
writeFileSync(join(media, 'loop.ts'), '');
writeFileSync(join(root, 'secret.txt'), '');
symlinkSync(join(root, 'secret.txt'), join(media, 'escape.ts'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('source URLs (issue 17)', () => {
  it('takes the five schemes and always restricts the protocols ffmpeg may open', () => {
    const hls = parseSourceUrl('hls+https://user:pw@cdn.example/live/index.m3u8', media);
    expect(hls).toMatchObject({ scheme: 'hls', input: 'https://user:pw@cdn.example/live/index.m3u8' });
    // ffmpeg reads an HLS pull from the pull relay on loopback only (decision 0364): no https, no tls.
    expect(hls.inputArgs.slice(0, 2)).toEqual(['-protocol_whitelist', 'http,tcp,crypto']);
    expect(hls.display).not.toContain('pw');
    const srt = parseSourceUrl('srt://10.0.0.1:9000?mode=listener&passphrase=verysecret123', media);
    expect(srt.display).not.toContain('verysecret');
    expect(parseSourceUrl('udp://239.0.0.1:5000', media).scheme).toBe('udp');
    expect(parseSourceUrl('rtmp://0.0.0.0:1935/live/key?listen=1', media).inputArgs).toContain('-listen');
    expect(parseSourceUrl(`file://${media}/loop.ts`, media).inputArgs).toContain('-stream_loop');
  });

  it.each([
    ['concat:a.ts|b.ts', /\|/],
    ['concat:a.ts', /not a source scheme/],
    ['subfile:,,start,0,end,0,,:/etc/passwd', /not a source scheme/],
    ['http://cdn.example/x.m3u8', /not a source scheme/],
    ['hls+http://a/x.m3u8|file:/etc/passwd', /\|/],
    ['file:///etc/passwd', /inside the media folder/],
    [`file://${media}/escape.ts`, /inside the media folder/],
    [`file://${media}/../secret.txt`, /inside the media folder/],
    ['udp://127.0.0.1', /needs a port/],
    ['udp://127.0.0.1:5000?buffer_size=1&reuse=1', /only the options/],
    ['srt://127.0.0.1:9000?mode=rendezvous', /caller or listener/],
    ['', /required/],
  ])('refuses %s', (url, reason) => {
    expect(() => parseSourceUrl(url, media)).toThrow(reason);
  });

  it('reads an imported M3U http(s) stream as an HLS pull', () => {
    expect(importedSourceUrl('http://iptv.example/1.m3u8')).toBe('hls+http://iptv.example/1.m3u8');
    expect(importedSourceUrl('udp://239.1.1.1:1234')).toBe('udp://239.1.1.1:1234');
  });
});
