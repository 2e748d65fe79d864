import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  manifestProperty,
  openManifest,
  ZERO_TRUST_PROPERTY,
  ZERO_TRUST_REQUIRED_PROPERTY,
} from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cliRun.ts';
import { sealAndStoreManifest } from '../src/domain/zeroTrust.ts';
import { openDb } from '../src/store/db.ts';
import { startServer, type TestServer } from './helpers.ts';

const manifest = { version: 1, operatorName: 'Secret Operator TV', apiBaseUrl: '', mediaBaseUrl: '' };
let work: string;
let s: TestServer;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'ottkit-zt-'));
  process.env.OTTKIT_SECRET = 'zt-test-secret-0123456789abcdef012345678';
  s = await startServer();
});
afterAll(async () => {
  delete process.env.OTTKIT_SECRET;
  await s.close();
  await rm(work, { recursive: true, force: true });
});

const cli = (...argv: string[]) => runCli([...argv, '--data', join(work, 'data')]);

describe('zero-trust mode (spec §1)', () => {
  it('the operator CLI seals a manifest, prints the share link once, and stores only ciphertext', async () => {
    const file = join(work, 'manifest.json');
    await writeFile(file, JSON.stringify(manifest));
    const { code, lines } = await cli(
      'zero-trust',
      'seal',
      file,
      '--required',
      '--site-url',
      'http://tv.local/',
    );
    expect(code).toBe(0);
    const link = lines.find((l) => l.includes('#/shareKey/')) ?? '';
    expect(link).toMatch(/^http:\/\/tv\.local\/#\/shareKey\/[A-Za-z0-9_-]{43}$/);
    const db = openDb(join(work, 'data', 'ottkit.db'));
    const rows = db.all<{ key: string; value: string }>(
      "SELECT key, value FROM app_settings WHERE key LIKE 'zeroTrust.%'",
    );
    db.close();
    expect(rows.map((r) => r.key).sort()).toEqual(['zeroTrust.required', 'zeroTrust.sealedManifest']);
    expect(JSON.stringify(rows)).not.toContain('Secret Operator');
    const sealed = rows.find((r) => r.key === 'zeroTrust.sealedManifest')?.value ?? '';
    await expect(openManifest(sealed, link.split('/').at(-1) ?? '')).resolves.toMatchObject({ ok: true });
  });

  it('refuses a manifest that breaks the schema', async () => {
    const bad = join(work, 'bad.json');
    await writeFile(bad, JSON.stringify({ ...manifest, apiBaseUrl: 'not a url' }));
    await expect(cli('zero-trust', 'seal', bad)).rejects.toThrow();
  });

  it('serves the sealed manifest through manifest property; only the link key opens it', async () => {
    const before = await s.post(manifestProperty.path, {});
    expect(
      (before.body.data as { properties: Record<string, string> }).properties[ZERO_TRUST_PROPERTY],
    ).toBeUndefined();

    const first = await sealAndStoreManifest(s.server.db, manifest, { required: true, now: s.clock.now });
    const { key } = await sealAndStoreManifest(s.server.db, manifest, { required: true, now: s.clock.now });
    const r = await s.post(manifestProperty.path, {});
    const props = (r.body.data as { properties: Record<string, string> }).properties;
    expect(JSON.stringify(r.body)).not.toContain('Secret Operator');
    expect(props[ZERO_TRUST_REQUIRED_PROPERTY]).toBe('true');
    await expect(openManifest(props[ZERO_TRUST_PROPERTY] ?? '', key)).resolves.toMatchObject({
      ok: true,
      manifest: { operatorName: 'Secret Operator TV' },
    });
    // Every seal gets a fresh key: the earlier link no longer opens the current manifest.
    await expect(openManifest(props[ZERO_TRUST_PROPERTY] ?? '', first.key)).resolves.toEqual({
      ok: false,
      reason: 'wrongKey',
    });
  });
});
