import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { catchupRange } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addChannelSource, setChannelMode } from '../src/live/store.ts';
import { startServer, type TestServer } from './helpers.ts';

// Issue 36: a channel fed by a live source and switched to recording offered "Playback" for programmes that ended
// before its recording began. The server tells what of the channel's past exists.
const RECORDED = 'lc-004';
const RELAYED = 'lc-005';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

const range = async (logicalChannelId: string) => {
  const answer = await t.post(catchupRange.path, { logicalChannelId });
  return catchupRange.response.parse(answer.body.data);
};

describe('catch-up range', () => {
  it('covers the whole window on a channel without live sources (the sample loop)', async () => {
    expect(await range('lc-001')).toEqual({ recorded: false, recordedFrom: null });
  });

  it('is nothing yet on a recording channel before its first segment', async () => {
    await addChannelSource(t.server.db, RECORDED, 'udp://127.0.0.1:8591');
    await setChannelMode(t.server.db, RECORDED, 'record', 1);
    expect(await range(RECORDED)).toEqual({ recorded: true, recordedFrom: null });
  });

  it('starts at the first segment the recording keeps', async () => {
    const dir = join(t.dataDir, 'live', 'channels', RECORDED);
    mkdirSync(dir, { recursive: true });
    const first = Date.UTC(2026, 5, 1, 11, 31);
    writeFileSync(
      join(dir, 'index.jsonl'),
      `${JSON.stringify({ n: 7, startMs: first, durationSec: 2 })}\n${JSON.stringify({ n: 8, startMs: first + 2000, durationSec: 2 })}\n`,
    );
    expect(await range(RECORDED)).toEqual({ recorded: true, recordedFrom: first });
  });

  it('is no recording on a relayed channel', async () => {
    await addChannelSource(t.server.db, RELAYED, 'udp://127.0.0.1:8592');
    await setChannelMode(t.server.db, RELAYED, 'relay', 1);
    expect(await range(RELAYED)).toEqual({ recorded: false, recordedFrom: null });
  });

  it('answers an unknown channel as not found', async () => {
    const answer = await t.post(catchupRange.path, { logicalChannelId: 'no-such' });
    expect(answer.body.errCode).not.toBe(0);
  });
});
