import { contract, ErrCode, MessageErrCode } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify, publishNotice } from '../src/domain/notices.ts';
import { runCli } from './cliRun.ts';
import { DEMO_PASSWORD } from '../src/seed/accounts.ts';
import { bearer, loginAs, registerEmail, startServer, type TestServer } from './helpers.ts';
import { synchronousQueries } from './synchronousQueries.ts';

const M = contract.message;
let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

async function newUser(email: string) {
  await registerEmail(t, email, DEMO_PASSWORD);
  return loginAs(t, email, DEMO_PASSWORD);
}

describe('notices', () => {
  it('serves published notices by priority, for anybody and per account with read status', async () => {
    const low = await publishNotice(
      t.server.db,
      { msg: 'Maintenance tonight', displayMode: [0, 11] },
      t.clock.now,
    );
    const high = await publishNotice(
      t.server.db,
      { msg: '<b>New</b> channels', displayMode: [12], priority: 5, properties: { textsize: 20 } as never },
      t.clock.now,
    );
    const pub = await t.post(M.publicNotice.path, {});
    expect(pub.body.errCode).toBe(0);
    const list = M.publicNotice.response.parse(pub.body.data).noticeList;
    expect(list.map((n) => n.id).slice(0, 2)).toEqual([high.id, low.id]);
    // Stored and served as the operator wrote it: plain text, the client never renders markup.
    expect(list[0]).toMatchObject({ msg: '<b>New</b> channels', readStatus: 0, displayMode: [12] });
    expect(list[0]?.properties).toEqual({ backgroundcolor: '#1f2937', textcolor: '#ffffff', textsize: 20 });

    const filtered = await t.post(M.publicNotice.path, { displayMode: [0] });
    expect((filtered.body.data as { noticeList: { id: string }[] }).noticeList.map((n) => n.id)).toEqual([
      low.id,
    ]);

    const s = await newUser('reader@example.com');
    const read = await t.post(
      M.notificationStateUpdate.path,
      { msgId: high.id, state: 'read' },
      bearer(s.token),
    );
    expect(read.body).toMatchObject({ errCode: 0, data: { msgId: high.id, state: 'read' } });
    const mine = await t.post(M.appNotice.path, {}, bearer(s.token));
    const byId = new Map(
      M.appNotice.response.parse(mine.body.data).noticeList.map((n) => [n.id, n.readStatus] as const),
    );
    expect(byId.get(high.id)).toBe(1);
    expect(byId.get(low.id)).toBe(0);
    // Another account has not read it.
    const other = await newUser('other@example.com');
    const theirs = await t.post(M.appNotice.path, {}, bearer(other.token));
    expect(
      M.appNotice.response.parse(theirs.body.data).noticeList.find((n) => n.id === high.id)?.readStatus,
    ).toBe(0);
  });

  it('leaves out expired and withdrawn notices', async () => {
    const n = await publishNotice(
      t.server.db,
      { msg: 'Short', displayMode: [4] },
      t.clock.now,
      t.clock.now + 1000,
    );
    const ids = async () =>
      ((await t.post(M.publicNotice.path, {})).body.data as { noticeList: { id: string }[] }).noticeList.map(
        (x) => x.id,
      );
    expect(await ids()).toContain(n.id);
    t.advance(2000);
    expect(await ids()).not.toContain(n.id);
  });

  it('refuses bad notices: no mode, markup colours, empty text', async () => {
    await expect(
      publishNotice(t.server.db, { msg: 'x', displayMode: [] as never }, t.clock.now),
    ).resolves.toBeDefined();
    await expect(publishNotice(t.server.db, { msg: '  ', displayMode: [0] }, t.clock.now)).rejects.toThrow();
    await expect(
      publishNotice(
        t.server.db,
        { msg: 'x', displayMode: [0], properties: { backgroundcolor: 'red;background:url(x)' } as never },
        t.clock.now,
      ),
    ).rejects.toThrow();
    await expect(
      publishNotice(t.server.db, { msg: 'x', displayMode: [7 as never] }, t.clock.now),
    ).rejects.toThrow();
  });

  it('app notice needs a session; public notice does not', async () => {
    expect((await t.post(M.appNotice.path, {})).body.errCode).toBe(ErrCode.SESSION_INVALID);
    expect((await t.post(M.publicNotice.path, {})).body.errCode).toBe(0);
  });
});

describe('notifications', () => {
  it('counts unread, lists newest first, updates state, and keeps accounts apart', async () => {
    const s = await newUser('inbox@example.com');
    const other = await newUser('snoop@example.com');
    const first = await notify(t.server.db, s.accountId, 'Welcome', 'Hello', t.clock.now);
    t.advance(1000);
    const second = await notify(t.server.db, s.accountId, 'Purchase', 'Monthly until July', t.clock.now);
    const count = async (token: string) =>
      (await t.post(M.unreadCount.path, {}, bearer(token))).body.data as { unreadCount: number };
    expect(await count(s.token)).toEqual({ unreadCount: 2 });

    const q = await t.post(M.notificationQuery.path, {}, bearer(s.token));
    const page = M.notificationQuery.response.parse(q.body.data);
    expect(page.total).toBe(2);
    expect(page.msgList.map((m) => m.msgId)).toEqual([second, first]);

    expect(
      (await t.post(M.notificationStateUpdate.path, { msgId: first, state: 'read' }, bearer(s.token))).body
        .errCode,
    ).toBe(0);
    expect(await count(s.token)).toEqual({ unreadCount: 1 });

    // Somebody else's message is not found for them.
    const snoop = await t.post(
      M.notificationStateUpdate.path,
      { msgId: second, state: 'read' },
      bearer(other.token),
    );
    expect(snoop.body.errCode).toBe(MessageErrCode.MESSAGE_NOT_FOUND);
    expect(await count(s.token)).toEqual({ unreadCount: 1 });

    await t.post(M.notificationStateUpdate.path, { msgId: second, state: 'deleted' }, bearer(s.token));
    const after = M.notificationQuery.response.parse(
      (await t.post(M.notificationQuery.path, {}, bearer(s.token))).body.data,
    );
    expect(after.msgList.map((m) => m.msgId)).toEqual([first]);
    expect(await count(s.token)).toEqual({ unreadCount: 0 });
  });

  it('validates the state and the paging', async () => {
    const s = await newUser('valid@example.com');
    const bad = await t.post(M.notificationStateUpdate.path, { msgId: 'x', state: 'gone' }, bearer(s.token));
    expect(bad.body.errCode).toBe(ErrCode.INVALID_REQUEST);
    const big = await t.post(M.notificationQuery.path, { pageSize: 1000 }, bearer(s.token));
    expect(big.body.errCode).toBe(ErrCode.INVALID_REQUEST);
  });
});

// Issue 39, decision 0432: every page asks its notices on a timer; on both engines.
describe('notices and the message centre on the asynchronous store', () => {
  it('the notices, the message centre and a notice or message read ask nothing synchronously once warm', async () => {
    const s = await newUser('quiet-reader@example.com');
    const notice = await publishNotice(t.server.db, { msg: 'Quiet', displayMode: [12] }, t.clock.now);
    const msgId = await notify(t.server.db, s.accountId, 'Quiet', 'Hello', t.clock.now);
    const calls = async () => {
      await t.post(M.publicNotice.path, {});
      await t.post(M.appNotice.path, { displayMode: [12] }, bearer(s.token));
      await t.post(M.notificationQuery.path, {}, bearer(s.token));
      await t.post(M.notificationStateUpdate.path, { msgId: notice.id, state: 'read' }, bearer(s.token));
      await t.post(M.notificationStateUpdate.path, { msgId, state: 'read' }, bearer(s.token));
      return t.post(M.appNotice.path, {}, bearer(s.token));
    };
    await calls();
    let last: Awaited<ReturnType<typeof calls>> | undefined;
    expect(await synchronousQueries(t.server.db, async () => (last = await calls()))).toEqual([]);
    const mine = M.appNotice.response.parse(last?.body.data).noticeList.find((n) => n.id === notice.id);
    expect(mine?.readStatus).toBe(1);
  });
});

describe('notice CLI', () => {
  it('publishes, lists and withdraws', async () => {
    const data = t.dataDir;
    const published = await runCli([
      'notice',
      'publish',
      '--data',
      data,
      '--msg',
      'From the CLI',
      '--mode',
      '12,0',
      '--priority',
      '9',
    ]);
    expect(published.code).toBe(0);
    const id = /published (\S+)/.exec(published.lines.join('\n'))?.[1];
    expect(id).toBeTruthy();
    const pub = await t.post(M.publicNotice.path, {});
    expect((pub.body.data as { noticeList: { id: string; msg: string }[] }).noticeList[0]).toMatchObject({
      id,
      msg: 'From the CLI',
    });
    expect((await runCli(['notice', 'withdraw', id as string, '--data', data])).code).toBe(0);
    const after = await t.post(M.publicNotice.path, {});
    expect((after.body.data as { noticeList: { id: string }[] }).noticeList.map((n) => n.id)).not.toContain(
      id,
    );
    expect((await runCli(['notice', 'publish', '--data', data])).code).toBe(2);
  });
});
