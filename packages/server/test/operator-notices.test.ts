import { contract, operatorContract } from '@ottkit/api-client';
import { OperatorErrCode } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/accounts.ts';
import { bearer, loginAs, registerEmail, startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';

// Issue 18 §6: notices composed, scheduled and withdrawn in the console; notifications to one or all; audited.
const O = operatorContract.operator;
const M = contract.message;
let t: TestServer;
let editor: SignedIn;
let support: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  t = await startServer();
  editor = await signInOperator(t, 'editor@ottkit.test', 'editor');
  support = await signInOperator(t, 'support@ottkit.test', 'support');
  admin = await signInOperator(t, 'admin@ottkit.test', 'admin');
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const draft = {
  priority: 3,
  title: 'Tonight',
  msg: '<img src=x onerror=alert(1)> Maintenance at 2am',
  displayMode: [3, 0],
  displayChannel: [] as string[],
  displayInterval: 0,
  displayTimes: 1,
  properties: { backgroundcolor: '#112233', textcolor: '#ffffff', textsize: 18 },
};
const publicIds = async () =>
  M.publicNotice.response
    .parse((await t.post(M.publicNotice.path, {})).body.data)
    .noticeList.map((n) => n.id);
const audit = async (action: string) =>
  (
    (await t.get(`/admin/api/audit/list?action=${action}`, { cookie: admin.cookie })).body.data as {
      entries: { actor: string; action: string; target: string; before?: unknown; after?: unknown }[];
    }
  ).entries;

describe('console notices', () => {
  it('an editor schedules a notice: not shown before its start, shown until withdrawn, audited', async () => {
    const startsAt = t.clock.now + HOUR;
    const made = await t.post(
      O.noticeCreate.path,
      { ...draft, startsAt, endsAt: startsAt + 24 * HOUR },
      { cookie: editor.cookie },
    );
    expect(made.body.errCode).toBe(0);
    const notice = O.noticeCreate.response.parse(made.body.data).notice;
    expect(notice).toMatchObject({ status: 'scheduled', startsAt, msg: draft.msg, displayMode: [0, 3] });
    expect(await publicIds()).not.toContain(notice.id);

    t.advance(HOUR);
    expect(await publicIds()).toContain(notice.id);
    const listed = O.noticeList.response.parse(
      (await t.get(O.noticeList.path, { cookie: support.cookie })).body.data,
    ).notices;
    expect(listed.find((n) => n.id === notice.id)?.status).toBe('live');

    const gone = await t.post(O.noticeWithdraw.path, { noticeId: notice.id }, { cookie: editor.cookie });
    expect(O.noticeWithdraw.response.parse(gone.body.data).notice.status).toBe('withdrawn');
    expect(await publicIds()).not.toContain(notice.id);

    const [withdrew] = await audit('notice.withdraw');
    expect(withdrew).toMatchObject({
      actor: editor.operatorId,
      target: notice.id,
      before: { status: 'live' },
      after: { status: 'withdrawn' },
    });
    const [published] = await audit('notice.publish');
    expect(published).toMatchObject({ target: notice.id, after: { msg: draft.msg, startsAt } });
  });

  it('a notice past its end is listed as ended and no longer served', async () => {
    const made = await t.post(
      O.noticeCreate.path,
      { ...draft, endsAt: t.clock.now + HOUR },
      { cookie: editor.cookie },
    );
    const id = O.noticeCreate.response.parse(made.body.data).notice.id;
    expect(await publicIds()).toContain(id);
    t.advance(HOUR);
    expect(await publicIds()).not.toContain(id);
    const listed = O.noticeList.response.parse(
      (await t.get(O.noticeList.path, { cookie: editor.cookie })).body.data,
    );
    expect(listed.notices.find((n) => n.id === id)?.status).toBe('ended');
  });

  it('refuses a bad notice with the field named, and stores nothing', async () => {
    const before = (await t.get(O.noticeList.path, { cookie: editor.cookie })).body.data as {
      notices: unknown[];
    };
    for (const bad of [
      { ...draft, displayMode: [] },
      { ...draft, msg: '   ' },
      { ...draft, displayMode: [10] },
      { ...draft, startsAt: t.clock.now + HOUR, endsAt: t.clock.now },
      { ...draft, properties: { ...draft.properties, backgroundcolor: 'red;background:url(x)' } },
    ]) {
      const a = await t.post(O.noticeCreate.path, bad, { cookie: editor.cookie });
      expect(a.status, JSON.stringify(bad)).toBe(400);
    }
    const after = (await t.get(O.noticeList.path, { cookie: editor.cookie })).body.data as {
      notices: unknown[];
    };
    expect(after.notices.length).toBe(before.notices.length);
  });

  it('withdrawing an unknown notice says so', async () => {
    const a = await t.post(O.noticeWithdraw.path, { noticeId: 'nt-nope' }, { cookie: editor.cookie });
    expect(a.body.errCode).toBe(OperatorErrCode.NOT_FOUND);
  });
});

describe('console notifications', () => {
  it('support sends one subscriber a notification by email; it is in their message centre and audited', async () => {
    await registerEmail(t, 'viewer@example.com', DEMO_PASSWORD);
    const s = await loginAs(t, 'viewer@example.com', DEMO_PASSWORD);
    const sent = await t.post(
      O.notificationSend.path,
      { to: 'Viewer@Example.com', title: 'Your plan', content: 'Renewed for a month' },
      { cookie: support.cookie },
    );
    expect(sent.body.errCode).toBe(0);
    const { msgId, accountId } = O.notificationSend.response.parse(sent.body.data);
    const box = M.notificationQuery.response.parse(
      (await t.post(M.notificationQuery.path, {}, bearer(s.token))).body.data,
    );
    expect(box.msgList.find((m) => m.msgId === msgId)).toMatchObject({ title: 'Your plan', state: 'unread' });
    const [entry] = await audit('notification.send');
    expect(entry).toMatchObject({ actor: support.operatorId, target: accountId, after: { msgId } });

    const nobody = await t.post(
      O.notificationSend.path,
      { to: 'nobody@example.com', title: 'x', content: 'y' },
      { cookie: support.cookie },
    );
    expect(nobody.body.errCode).toBe(OperatorErrCode.NOT_FOUND);
  });

  it('an editor notifies every subscriber at once (guests have no message centre)', async () => {
    const users = (t.server.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM accounts WHERE kind = 'user'")
      ?.n ?? 0) as number;
    const a = await t.post(
      O.notificationBroadcast.path,
      { title: 'New channels', content: 'Ten more sports channels' },
      { cookie: editor.cookie },
    );
    expect(O.notificationBroadcast.response.parse(a.body.data).sent).toBe(users);
    const s = await loginAs(t, 'viewer@example.com', DEMO_PASSWORD);
    const box = M.notificationQuery.response.parse(
      (await t.post(M.notificationQuery.path, {}, bearer(s.token))).body.data,
    );
    expect(box.msgList.some((m) => m.title === 'New channels')).toBe(true);
    const [entry] = await audit('notification.broadcast');
    expect(entry).toMatchObject({ target: 'all', after: { sent: users } });
  });
});
