import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contract, ErrCode } from '@ottkit/api-client';
import {
  APP_ICONS,
  BRAND_ICON_PREFIX,
  brandIconAddress,
  operatorContract as oc,
  THEME_BACKGROUND,
} from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../src/media/ffmpeg.ts';
import { startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';

// Issue 40, the operator's app icon (decision 0405): a square PNG or JPEG of at least 512 px makes the app's
// three icons (192, 512, maskable 512 on the app's background), served at versioned addresses and named by the app
// property; anything else refused in words with the icons kept; admins only; audited.
const O = oc.operator;
let t: TestServer;
let admin: SignedIn;
let support: SignedIn;
const tmp = mkdtempSync(join(tmpdir(), 'brand-icon-'));
const pictures: Record<string, Buffer> = {};

/** A picture of `size` in `colour` (PNG, or JPEG by the name's ending), made by ffmpeg. */
async function picture(name: string, size: string, colour: string) {
  const file = join(tmp, name);
  await runFfmpeg(['-f', 'lavfi', '-i', `color=c=${colour}:s=${size}`, '-frames:v', '1', file]);
  pictures[name] = readFileSync(file);
}

beforeAll(async () => {
  await Promise.all([
    picture('square.png', '600x600', 'yellow'),
    picture('square.jpg', '512x512', 'green'),
    picture('wide.png', '800x600', 'yellow'),
    picture('small.png', '256x256', 'yellow'),
  ]);
  t = await startServer();
  admin = await signInOperator(t, 'icon-admin@ottkit.test', 'admin');
  support = await signInOperator(t, 'icon-desk@ottkit.test', 'support');
});
afterAll(async () => {
  await t.close();
  rmSync(tmp, { recursive: true, force: true });
});

const upload = (bytes: Buffer | string, who = admin) =>
  t.post(O.brandIconUpload.path, { image: Buffer.from(bytes).toString('base64') }, { cookie: who.cookie });
const iconVersion = async () =>
  contract.account.appPropertyQuery.response.parse(
    (await t.post(contract.account.appPropertyQuery.path, {})).body.data,
  ).brand.iconVersion;
const sizeOf = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

/** The colour of a PNG's pixel (x, y) as ffmpeg decodes it: [r, g, b]. */
async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const file = join(tmp, 'probe.png');
  const out = join(tmp, 'probe.rgb');
  writeFileSync(file, png);
  await runFfmpeg([
    '-i',
    file,
    '-vf',
    `crop=1:1:${x}:${y}`,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-y',
    out,
  ]);
  return [...readFileSync(out)];
}
/** Whether two colours are the same, give or take the conversions' rounding. */
const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - (b[i] ?? 0)) <= 6);
const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));

describe('the app icon', () => {
  it('makes the three icons from a square PNG and serves them at versioned addresses', async () => {
    expect(await iconVersion()).toBe('');
    for (const icon of APP_ICONS)
      expect((await fetch(`${t.url}${BRAND_ICON_PREFIX}${icon.file}`)).status).toBe(404);
    const up = await upload(pictures['square.png'] as Buffer);
    expect(up.body.errCode).toBe(0);
    const version = await iconVersion();
    expect(version).toMatch(/^[0-9a-z]+$/);
    expect(O.brandIconUpload.response.parse(up.body.data).iconVersion).toBe(version);
    for (const icon of APP_ICONS) {
      const served = await fetch(t.url + brandIconAddress(icon.file, version));
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('cache-control')).toContain('immutable');
      const png = Buffer.from(await served.arrayBuffer());
      expect(sizeOf(png), icon.file).toEqual([icon.size, icon.size]);
    }
  });

  it('puts the maskable icon inside the safe zone, on the app’s background', async () => {
    const version = await iconVersion();
    const get = async (file: string) =>
      Buffer.from(await (await fetch(t.url + brandIconAddress(file, version))).arrayBuffer());
    const maskable = await get('icon-maskable-512.png');
    const yellow = [255, 255, 0];
    // Scaled to 80 %: 410 px in the middle, the app's background around it.
    expect(near(await pixel(maskable, 256, 256), yellow)).toBe(true);
    expect(near(await pixel(maskable, 4, 4), rgb(THEME_BACKGROUND))).toBe(true);
    expect(near(await pixel(maskable, 60, 256), yellow)).toBe(true);
    expect(near(await pixel(maskable, 40, 256), rgb(THEME_BACKGROUND))).toBe(true);
    // The plain icons are the picture, whole.
    expect(near(await pixel(await get('icon-512.png'), 4, 4), yellow)).toBe(true);
  });

  it('takes a JPEG, replaces the icons, and audits both uploads without the pictures', async () => {
    const before = await iconVersion();
    expect((await upload(pictures['square.jpg'] as Buffer)).body.errCode).toBe(0);
    const after = await iconVersion();
    expect(after).not.toBe(before);
    const png = Buffer.from(
      await (await fetch(t.url + brandIconAddress('icon-192.png', after))).arrayBuffer(),
    );
    expect(sizeOf(png)).toEqual([192, 192]);
    expect(near(await pixel(png, 96, 96), [0, 128, 0])).toBe(true);
    const audit = t.server.db.all<{ before_json: string; after_json: string }>(
      "SELECT before_json, after_json FROM operator_audit WHERE action = 'brand.icon' ORDER BY seq",
    );
    expect(audit.map((a) => [JSON.parse(a.before_json), JSON.parse(a.after_json)])).toEqual([
      ['', before],
      [before, after],
    ]);
  });

  it('refuses a picture that is not square, too small, an SVG, not a picture or too large, in words, and keeps the icons', async () => {
    const kept = await iconVersion();
    const refused = async (bytes: Buffer | string) => {
      const r = await upload(bytes);
      expect([r.status, r.body.errCode]).toEqual([400, ErrCode.INVALID_REQUEST]);
      return r.body.errMsg as string;
    };
    expect(await refused(pictures['wide.png'] as Buffer)).toBe(
      'The icon must be square: this one is 800 × 600 px. Crop it to a square and upload it again.',
    );
    expect(await refused(pictures['small.png'] as Buffer)).toMatch(
      /^The icon must be at least 512 × 512 px, so that it is sharp on a phone’s home screen: this one is 256 × 256 px\.$/,
    );
    expect(await refused('<svg xmlns="http://www.w3.org/2000/svg"/>')).toBe(
      'The icon must be a PNG or JPEG picture.',
    );
    // A PNG's signature with nothing readable after it.
    const broken = Buffer.concat([(pictures['square.png'] as Buffer).subarray(0, 40), Buffer.alloc(200)]);
    expect(await refused(broken)).toMatch(/^The icon could not be read as a picture/);
    const huge = await t.post(
      O.brandIconUpload.path,
      { image: 'A'.repeat(2_797_000) },
      { cookie: admin.cookie },
    );
    expect(huge.body.errCode).toBe(ErrCode.INVALID_REQUEST);
    expect(huge.body.errMsg).toMatch(/at most 2 MB/);
    expect(await iconVersion()).toBe(kept);
    const still = await fetch(t.url + brandIconAddress('icon-512.png', kept));
    expect(still.status).toBe(200);
  });

  it('is for admins only, and removed the addresses answer 404', async () => {
    expect((await upload(pictures['square.png'] as Buffer, support)).status).toBe(403);
    expect((await t.post(O.brandIconRemove.path, {}, { cookie: support.cookie })).status).toBe(403);
    const before = await iconVersion();
    expect((await t.post(O.brandIconRemove.path, {}, { cookie: admin.cookie })).body.errCode).toBe(0);
    expect(await iconVersion()).toBe('');
    for (const icon of APP_ICONS)
      expect((await fetch(t.url + brandIconAddress(icon.file, before))).status).toBe(404);
    const last = t.server.db.get<{ after_json: string }>(
      "SELECT after_json FROM operator_audit WHERE action = 'brand.icon' ORDER BY seq DESC LIMIT 1",
    );
    expect(JSON.parse(last?.after_json ?? 'null')).toBe('');
  });
});
