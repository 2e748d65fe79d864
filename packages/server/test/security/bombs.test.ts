import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, gzipSync } from 'node:zlib';
import { lineupChannelLogo, titleArtwork, titleCreate } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSource } from '../../src/sources/input.ts';
import { startServer as startUpstream } from '../../src/sources/fixtures.test-helpers.ts';
import { startServer, type TestServer } from '../helpers.ts';
import { type SignedIn, signInOperator } from '../operatorHelpers.ts';

// Issue 35: a small compressed body or picture that takes gigabytes once expanded. The decompressed bytes are
// held to the read limit and a ratio; a picture's pixels are judged from its header before anything decodes it.
const limits = { timeoutMs: 5000, maxBytes: 64 * 1024, maxRedirects: 1 };

async function drain(location: string, l = limits): Promise<number> {
  let n = 0;
  for await (const c of openSource(location, l)) n += c.byteLength;
  return n;
}

describe('gzip bombs in a line-up or guide', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'ottkit-bomb-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('holds a file’s decompressed bytes to the read limit', async () => {
    const file = join(dir, 'big.m3u.gz');
    // 200 KB of playlist from about 1 KB of gzip: under the read limit packed, over it unpacked.
    await writeFile(file, gzipSync(Buffer.from('#EXTINF:-1,x\nhttp://a.test/x\n'.repeat(7000))));
    await expect(drain(file)).rejects.toThrow(/expands past the limit of 65536 bytes once ungzipped/);
  });

  it('stops an upstream whose gzip expands more than a hundred times, long before the read limit', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x0a), { level: 9 });
    const upstream = await startUpstream((_req, res) => res.writeHead(200).end(bomb));
    try {
      const roomy = { ...limits, maxBytes: 1024 * 1024 * 1024 };
      await expect(drain(`${upstream.url}/guide.xml.gz`, roomy)).rejects.toThrow(
        /expands more than 100 times once ungzipped/,
      );
    } finally {
      await upstream.close();
    }
  });

  it('still reads an ordinary gzip', async () => {
    const file = join(dir, 'small.m3u.gz');
    await writeFile(file, gzipSync(Buffer.from('#EXTM3U\n')));
    expect(await drain(file)).toBe(8);
  });
});

/** A PNG whose header says `w`x`h` (one grey row of data: nothing here should ever decode it). */
function pngClaiming(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    return Buffer.concat([len, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(w + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('pictures with too many pixels', () => {
  let t: TestServer;
  let editor: SignedIn;
  beforeAll(async () => {
    t = await startServer();
    editor = await signInOperator(t, 'bomb-editor@ottkit.test', 'editor');
  });
  afterAll(() => t.close());

  it('refuses a 16000x16000 poster from its header, in words', async () => {
    const made = await t.post(
      titleCreate.path,
      { vodType: 'movie', releaseYear: 2025, en: { title: 'Bomb', plot: '' } },
      { cookie: editor.cookie },
    );
    const { metaId } = (made.body.data as { title: { metaId: string } }).title;
    const image = pngClaiming(16000, 16000).toString('base64');
    const up = await t.post(titleArtwork.path, { metaId, kind: 'poster', image }, { cookie: editor.cookie });
    expect(up.status).toBe(400);
    expect(up.body.errMsg).toMatch(/16000x16000 pixels; at most 8192 pixels a side/);
  });

  it('refuses such a channel logo the same way', async () => {
    const image = pngClaiming(9000, 100).toString('base64');
    const up = await t.post(
      lineupChannelLogo.path,
      { logicalChannelId: 'any', image },
      { cookie: editor.cookie },
    );
    expect(up.status).toBe(400);
    expect(up.body.errMsg).toMatch(/9000x100 pixels/);
  });
});
