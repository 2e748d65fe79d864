import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contract, ErrCode } from '@ottkit/api-client';
import {
  type AuditEntry,
  type ConsoleCategory,
  type ConsoleChannel,
  type ConsoleProgramme,
  type Job,
  OperatorErrCode,
  operatorContract,
} from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../src/media/ffmpeg.ts';
import { startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';

// Issue 18 §2 and §3: the line-up and the guide in the console, seen by viewers; every change audited.
const op = operatorContract.operator;
let t: TestServer;
let admin: SignedIn;
let editor: SignedIn;
let support: SignedIn;
let png: Buffer;
const tmp = mkdtempSync(join(tmpdir(), 'lineup-logo-'));

beforeAll(async () => {
  await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=blue:s=640x360', '-frames:v', '1', join(tmp, 'l.png')]);
  png = readFileSync(join(tmp, 'l.png'));
  t = await startServer();
  admin = await signInOperator(t, 'admin@ottkit.test', 'admin');
  editor = await signInOperator(t, 'editor@ottkit.test', 'editor');
  support = await signInOperator(t, 'support@ottkit.test', 'support');
});
afterAll(async () => {
  await t.close();
  rmSync(tmp, { recursive: true, force: true });
});

const as = (who: SignedIn) => ({ cookie: who.cookie });
async function ok<T>(p: Promise<{ body: { errCode: number; errMsg?: string; data?: unknown } }>): Promise<T> {
  const a = await p;
  expect(a.body.errCode, a.body.errMsg).toBe(0);
  return a.body.data as T;
}
const lineup = () =>
  ok<{ channels: ConsoleChannel[]; categories: ConsoleCategory[]; products: string[] }>(
    t.get(op.lineupList.path, as(editor)),
  );
const viewerList = async () =>
  contract.live.channelList.response.parse((await t.post(contract.live.channelList.path, {})).body.data);
const audit = async (action: string) =>
  (
    await ok<{ entries: AuditEntry[] }>(
      t.get(`${op.auditList.path}?action=${encodeURIComponent(action)}`, as(admin)),
    )
  ).entries;

describe('channels in the console', () => {
  let added: ConsoleChannel;

  it('adds a channel with plan, category and rules; viewers see it in its place; audited', async () => {
    const { categories, products } = await lineup();
    expect(products).toContain('free');
    const before = await viewerList();
    added = (
      await ok<{ channel: ConsoleChannel }>(
        t.post(
          op.lineupChannelSave.path,
          {
            name: 'Harbour TV',
            number: 3,
            columnIds: [categories[0]?.columnId],
            productId: 'free',
            rules: [{ action: 'deny', ruleType: 'region', ruleValue: 'KP, CU' }],
          },
          as(editor),
        ),
      )
    ).channel;
    expect(added).toMatchObject({ name: 'Harbour TV', number: 3, mode: 'video', imported: false });
    expect(added.rules).toEqual([{ action: 'deny', ruleType: 'region', ruleValue: 'KP,CU' }]);
    const after = await viewerList();
    const ids = after.channelListInfo.map((c) => c.logicalChannelId);
    // Number 3, after the seeded 3 (ties keep id order: lc-003 < lc-op-…).
    expect(ids.indexOf(added.logicalChannelId)).toBe(3);
    expect(after.channelListLatestUpdateTimeTs).toBeGreaterThanOrEqual(before.channelListLatestUpdateTimeTs);
    const [entry] = await audit('channel.add');
    expect(entry).toMatchObject({ actorEmail: 'editor@ottkit.test', target: added.logicalChannelId });
    expect(entry?.after).toMatchObject({ name: 'Harbour TV' });
  });

  it('uploads a logo: resized, served by ottkit, on the viewer list; a non-image is refused in words', async () => {
    const done = await ok<{ channel: ConsoleChannel }>(
      t.post(
        op.lineupChannelLogo.path,
        { logicalChannelId: added.logicalChannelId, image: png.toString('base64') },
        as(editor),
      ),
    );
    expect(done.channel.iconUrl).toMatch(/^\/media\/logo\/imported\/[a-f0-9]{24}\.png$/);
    const served = await fetch(t.url + done.channel.iconUrl);
    expect(served.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([320, 180]);
    const viewer = (await viewerList()).channelListInfo.find(
      (c) => c.logicalChannelId === added.logicalChannelId,
    );
    expect(viewer?.iconUrl).toBe(done.channel.iconUrl);
    const bad = await t.post(
      op.lineupChannelLogo.path,
      { logicalChannelId: added.logicalChannelId, image: Buffer.from('<svg>no</svg>').toString('base64') },
      as(editor),
    );
    expect([bad.status, bad.body.errCode, bad.body.errMsg]).toEqual([
      400,
      ErrCode.INVALID_REQUEST,
      'The logo must be a PNG or JPEG image',
    ]);
    expect((await audit('channel.logo'))[0]?.after).toBe(done.channel.iconUrl);
  });

  it('reads a logo body beyond the server’s 64 KiB default, and refuses one beyond the call’s own limit', async () => {
    const garbage = await t.post(
      op.lineupChannelLogo.path,
      { logicalChannelId: added.logicalChannelId, image: 'A'.repeat(200_000) },
      as(editor),
    );
    expect([garbage.status, garbage.body.errMsg]).toEqual([400, 'The logo must be a PNG or JPEG image']);
    const huge = await t.post(
      op.lineupChannelLogo.path,
      { logicalChannelId: added.logicalChannelId, image: 'A'.repeat(3_000_000) },
      as(editor),
    );
    expect([huge.status, huge.body.errCode]).toEqual([413, ErrCode.BODY_TOO_LARGE]);
  });

  it('moves a channel up one place, and down again', async () => {
    const order = async () => (await viewerList()).channelListInfo.map((c) => c.logicalChannelId);
    const i = (await order()).indexOf(added.logicalChannelId);
    const moved = await ok<{ channels: ConsoleChannel[] }>(
      t.post(
        op.lineupChannelMove.path,
        { logicalChannelId: added.logicalChannelId, direction: 'up' },
        as(editor),
      ),
    );
    expect(moved.channels.findIndex((c) => c.logicalChannelId === added.logicalChannelId)).toBe(i - 1);
    expect((await order()).indexOf(added.logicalChannelId)).toBe(i - 1);
    await ok(
      t.post(
        op.lineupChannelMove.path,
        { logicalChannelId: added.logicalChannelId, direction: 'down' },
        as(editor),
      ),
    );
    expect((await order()).indexOf(added.logicalChannelId)).toBe(i);
    expect(await audit('channel.move')).toHaveLength(2);
  });

  it('refuses bad input with field words, never a 500; support may read but not change', async () => {
    const bad = await t.post(
      op.lineupChannelSave.path,
      { name: '', number: 0, columnIds: [], productId: 'free', rules: [] },
      as(editor),
    );
    expect([bad.status, bad.body.errCode]).toEqual([400, ErrCode.INVALID_REQUEST]);
    const unknownPlan = await t.post(
      op.lineupChannelSave.path,
      { name: 'X', number: 5, columnIds: [], productId: 'nope', rules: [] },
      as(editor),
    );
    expect(unknownPlan.body.errMsg).toBe('No plan grants nope');
    expect((await t.get(op.lineupList.path, as(support))).body.errCode).toBe(0);
    const refused = await t.post(
      op.lineupChannelSave.path,
      {
        logicalChannelId: added.logicalChannelId,
        name: 'Taken',
        number: 1,
        columnIds: [],
        productId: 'free',
        rules: [],
      },
      as(support),
    );
    expect([refused.status, refused.body.errCode]).toEqual([403, OperatorErrCode.ROLE_REFUSED]);
  });

  it('deletes a channel: gone from viewers, audited with what it was', async () => {
    await ok(t.post(op.lineupChannelDelete.path, { logicalChannelId: added.logicalChannelId }, as(editor)));
    expect(
      (await viewerList()).channelListInfo.some((c) => c.logicalChannelId === added.logicalChannelId),
    ).toBe(false);
    expect((await audit('channel.delete'))[0]?.before).toMatchObject({ name: 'Harbour TV' });
    const again = await t.post(
      op.lineupChannelDelete.path,
      { logicalChannelId: added.logicalChannelId },
      as(editor),
    );
    expect(again.body.errCode).toBe(OperatorErrCode.NOT_FOUND);
  });
});

describe('categories in the console', () => {
  it('adds, renames, reorders and removes a category; viewers see each step', async () => {
    const columns = async () => (await viewerList()).channelColumnInfo;
    const { category } = await ok<{ category: ConsoleCategory }>(
      t.post(op.lineupCategorySave.path, { name: 'Local' }, as(editor)),
    );
    // Viewers see the categories that hold a channel: one goes in.
    const c = (await lineup()).channels.find((x) => x.logicalChannelId === 'lc-002') as ConsoleChannel;
    await ok(
      t.post(
        op.lineupChannelSave.path,
        {
          logicalChannelId: c.logicalChannelId,
          name: c.name,
          number: c.number,
          columnIds: [...c.columnIds, category.columnId],
          productId: c.productId,
          rules: c.rules,
        },
        as(editor),
      ),
    );
    const stamp = (await viewerList()).channelListLatestUpdateTimeTs;
    t.advance(1000);
    expect((await columns()).at(-1)).toMatchObject({ columnId: category.columnId, columnName: 'Local' });
    await ok(
      t.post(op.lineupCategorySave.path, { columnId: category.columnId, name: 'Local news' }, as(editor)),
    );
    expect((await columns()).at(-1)?.columnName).toBe('Local news');
    // Apps that compare the list's update time see the rename.
    expect((await viewerList()).channelListLatestUpdateTimeTs).toBe(stamp + 1000);
    await ok(
      t.post(op.lineupCategoryMove.path, { columnId: category.columnId, direction: 'up' }, as(editor)),
    );
    expect((await columns()).at(-2)?.columnId).toBe(category.columnId);
    await ok(t.post(op.lineupCategoryDelete.path, { columnId: category.columnId }, as(editor)));
    expect((await columns()).some((c) => c.columnId === category.columnId)).toBe(false);
    expect((await audit('category.rename'))[0]).toMatchObject({
      before: { name: 'Local' },
      after: { name: 'Local news' },
    });
  });
});

describe('the guide in the console', () => {
  const day = '2026-06-01';
  const read = () =>
    ok<{ checksum: string; programmes: ConsoleProgramme[] }>(
      t.get(`${op.lineupGuideDay.path}?logicalChannelId=lc-001&day=${day}`, as(support)),
    );
  const checksum = async () => {
    const a = await t.post(contract.live.epgChecksumQuery.path, {
      date: day,
      epgIdList: ['epg-lc-001'],
      pastDays: 0,
      futureDays: 0,
    });
    return (a.body.data as { checksumList: Array<{ checksum: string }> }).checksumList[0]?.checksum;
  };

  it('edits a programme title: the viewers’ checksum moves and the guide says it; audited', async () => {
    const before = await read();
    const viewerBefore = await checksum();
    expect(viewerBefore).toBe(before.checksum);
    const p = before.programmes[1] as ConsoleProgramme;
    const saved = await ok<{ checksum: string; programme: ConsoleProgramme }>(
      t.post(
        op.lineupProgrammeSave.path,
        {
          logicalChannelId: 'lc-001',
          day,
          programId: p.programId,
          lang: 'en',
          title: 'Harbour Special',
          description: 'Live from the harbour.',
          start: p.start,
          stop: p.stop,
        },
        as(editor),
      ),
    );
    expect(saved.checksum).not.toBe(before.checksum);
    expect(await checksum()).toBe(saved.checksum);
    const epg = await t.post(contract.live.epgQuery.path, {
      epgId: 'epg-lc-001',
      date: day,
    });
    const programs = (epg.body.data as { epgList: Array<{ programs: Array<{ title: string }> }> }).epgList[0]
      ?.programs;
    expect(programs?.[1]?.title).toBe('Harbour Special');
    expect((await audit('guide.programme'))[0]).toMatchObject({
      before: { title: p.title },
      after: { title: 'Harbour Special' },
    });
  });

  it('refuses an overlap and an end before the start, and keeps the day as it was', async () => {
    const { programmes, checksum: kept } = await read();
    const p = programmes[1] as ConsoleProgramme;
    const overlap = await t.post(
      op.lineupProgrammeSave.path,
      {
        logicalChannelId: 'lc-001',
        day,
        programId: p.programId,
        lang: 'en',
        title: 'Too long',
        description: '',
        start: p.start,
        stop: (programmes[2] as ConsoleProgramme).stop + 60_000,
      },
      as(editor),
    );
    expect([overlap.status, overlap.body.errCode]).toEqual([400, ErrCode.INVALID_REQUEST]);
    expect(overlap.body.errMsg).toMatch(/overlaps/);
    const backwards = await t.post(
      op.lineupProgrammeSave.path,
      {
        logicalChannelId: 'lc-001',
        day,
        programId: p.programId,
        lang: 'en',
        title: 'X',
        description: '',
        start: p.stop,
        stop: p.start,
      },
      as(editor),
    );
    expect(backwards.body.errCode).toBe(ErrCode.INVALID_REQUEST);
    expect((await read()).checksum).toBe(kept);
  });

  it('imports an uploaded XMLTV file as a job', async () => {
    const xml = `<?xml version="1.0"?><tv><channel id="up.tv"><display-name>Upload TV</display-name></channel>
      <programme channel="up.tv" start="20260601120000 +0000" stop="20260601130000 +0000"><title>Noon</title></programme></tv>`;
    const { job } = await ok<{ job: Job }>(
      t.post(op.lineupGuideImport.path, { name: 'Uploaded guide', file: xml }, as(editor)),
    );
    let j = job;
    for (let i = 0; i < 100 && (j.status === 'queued' || j.status === 'running'); i++) {
      await new Promise((r) => setTimeout(r, 50));
      j = (await ok<{ job: Job }>(t.get(`${op.jobGet.path}?jobId=${job.jobId}`, as(editor)))).job;
    }
    expect(j.status, j.error).toBe('succeeded');
    const both = await t.post(
      op.lineupGuideImport.path,
      { name: 'Both', file: xml, url: 'http://x.test/a.xml' },
      as(editor),
    );
    expect(both.body.errCode).toBe(ErrCode.INVALID_REQUEST);
  });
});
