import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contract, ErrCode } from '@ottkit/api-client';
import { BRAND_LOGO_PATH, operatorContract as oc } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../src/media/ffmpeg.ts';
import { startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';

// Issue 40, the operator's logo (decision 0403): a PNG fitted to the header, an SVG sanitised, anything that could
// run or load refused in words; served by ottkit under a policy where nothing runs; named by the app property with
// its version; admins only; audited.
const O = oc.operator;
let t: TestServer;
let admin: SignedIn;
let support: SignedIn;
let png: Buffer;
const tmp = mkdtempSync(join(tmpdir(), 'brand-logo-'));

beforeAll(async () => {
  await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=blue:s=1200x300', '-frames:v', '1', join(tmp, 'l.png')]);
  png = readFileSync(join(tmp, 'l.png'));
  t = await startServer();
  admin = await signInOperator(t, 'logo-admin@ottkit.test', 'admin');
  support = await signInOperator(t, 'logo-desk@ottkit.test', 'support');
});
afterAll(async () => {
  await t.close();
  rmSync(tmp, { recursive: true, force: true });
});

const upload = (bytes: Buffer | string, who = admin) =>
  t.post(O.brandLogoUpload.path, { image: Buffer.from(bytes).toString('base64') }, { cookie: who.cookie });
const logoUrl = async () =>
  contract.account.appPropertyQuery.response.parse(
    (await t.post(contract.account.appPropertyQuery.path, {})).body.data,
  ).brand.logoUrl;

describe('the brand logo', () => {
  it('fits a PNG to the header and serves it at a versioned address', async () => {
    expect(await logoUrl()).toBe('');
    expect((await fetch(t.url + BRAND_LOGO_PATH)).status).toBe(404);
    const up = await upload(png);
    expect(up.body.errCode).toBe(0);
    const url = await logoUrl();
    expect(url).toMatch(new RegExp(`^${BRAND_LOGO_PATH}\\?v=[0-9a-z]+$`));
    expect(O.brandLogoUpload.response.parse(up.body.data).logoUrl).toBe(url);
    const served = await fetch(t.url + url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    // 1200x300 fitted into 480x80: 320x80.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([320, 80]);
  });

  it('keeps a clean SVG, sanitised, under a policy where nothing runs, and replaces the PNG', async () => {
    const before = await logoUrl();
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 30"><!-- note --><rect width="120" height="30" fill="#1565c0"/><text x="4" y="20">Canal Uno</text></svg>';
    expect((await upload(svg)).body.errCode).toBe(0);
    const url = await logoUrl();
    expect(url).not.toBe(before);
    const served = await fetch(t.url + url);
    expect(served.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(served.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'unsafe-inline'/,
    );
    const text = await served.text();
    expect(text).toContain('<text x="4" y="20">Canal Uno</text>');
    expect(text).not.toContain('note');
    const audit = t.server.db.all<{ before_json: string; after_json: string }>(
      "SELECT before_json, after_json FROM operator_audit WHERE action = 'brand.logo' ORDER BY seq",
    );
    expect(audit.map((a) => JSON.parse(a.after_json))).toEqual([before, url]);
  });

  it('refuses a script, a handler, a picture that is none, or one too large, in words, and keeps the logo', async () => {
    const kept = await logoUrl();
    const script = await upload('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect([script.status, script.body.errCode]).toEqual([400, ErrCode.INVALID_REQUEST]);
    expect(script.body.errMsg).toMatch(/^The SVG logo contains <script>, which a logo may not have/);
    const handler = await upload('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect(handler.body.errMsg).toMatch(/an event handler \(onload\)/);
    const text = await upload('just some text, not a picture');
    expect(text.body.errMsg).toBe('The logo must be a PNG, JPEG or SVG image.');
    const huge = await t.post(
      O.brandLogoUpload.path,
      { image: 'A'.repeat(700_000) },
      { cookie: admin.cookie },
    );
    expect(huge.body.errCode).toBe(ErrCode.INVALID_REQUEST);
    expect(huge.body.errMsg).toMatch(/at most 512 KB/);
    expect(await logoUrl()).toBe(kept);
  });

  it('is for admins only, and removed the header shows the name again', async () => {
    expect((await upload(png, support)).status).toBe(403);
    const removed = await t.post(O.brandLogoRemove.path, {}, { cookie: support.cookie });
    expect(removed.status).toBe(403);
    expect((await t.post(O.brandLogoRemove.path, {}, { cookie: admin.cookie })).body.errCode).toBe(0);
    expect(await logoUrl()).toBe('');
    expect((await fetch(t.url + BRAND_LOGO_PATH)).status).toBe(404);
  });
});
