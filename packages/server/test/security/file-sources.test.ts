import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { operatorContract } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers.ts';
import { type SignedIn, signInOperator } from '../operatorHelpers.ts';

// Issue 35, low: a file:// live source must not tell which files exist, nor where the data folder is.
const op = operatorContract.operator;
let t: TestServer;
let editor: SignedIn;

beforeAll(async () => {
  t = await startServer();
  editor = await signInOperator(t, 'editor@ottkit.test', 'editor');
  mkdirSync(join(t.dataDir, 'media', 'loops'), { recursive: true });
  writeFileSync(join(t.dataDir, 'media', 'loops', 'a.ts'), '');
});
afterAll(async () => {
  await t?.close();
});

const setSource = (url: string) =>
  t.post(
    op.liveSourcesSet.path,
    { channelId: 'lc-004', sources: [url], mode: 'relay' },
    { cookie: editor.cookie },
  );

describe('file:// live sources (issue 35)', () => {
  it('gives one answer whether the file exists or not, inside the media folder or out, and no path', async () => {
    const answers = [];
    for (const path of [
      join(t.dataDir, 'ottkit.db'), // exists, outside
      join(t.dataDir, 'no-such.db'), // missing, outside
      join(t.dataDir, 'media', 'no-such.ts'), // missing, inside
      join(t.dataDir, 'media', '..', 'ottkit.db'),
      '/etc/passwd',
      '/no/such/file',
    ]) {
      const a = (await setSource(`file://${path}`)).body;
      expect(a.errCode, path).not.toBe(0);
      answers.push(a.errMsg);
    }
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/inside the media folder/);
    expect(answers[0]).not.toContain(t.dataDir);
  });

  it('shows an accepted file by its place in the media folder, not the data folder path', async () => {
    const a = await setSource(`file://${join(t.dataDir, 'media', 'loops', 'a.ts')}`);
    expect(a.body.errCode, a.body.errMsg).toBe(0);
    const text = JSON.stringify(a.body);
    expect(text).toContain('file://media-folder/loops/a.ts');
    expect(text).not.toContain(t.dataDir);
    const list = await t.get(`${op.liveChannels.path}?channelId=lc-004`, { cookie: editor.cookie });
    expect(JSON.stringify(list.body)).not.toContain(t.dataDir);
  });
});
