import {
  type CallDescriptor,
  OPERATOR_ROLES,
  OperatorErrCode,
  operatorContract,
  operatorLineupCalls,
  roleMayCall,
} from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';

// Issue 18: every operator call refused to the wrong role, to subscribers and to guests.
const calls = Object.entries(operatorContract.operator as Record<string, CallDescriptor>)
  .filter(([, d]) => d.access === 'operator')
  // Signing out ends the session the other calls use: last.
  .sort(([a], [b]) => Number(a === 'operatorSignOut') - Number(b === 'operatorSignOut'));

let t: TestServer;
const operators: Partial<Record<'admin' | 'editor' | 'support', SignedIn>> = {};
let subscriber: Record<string, string>;

beforeAll(async () => {
  t = await startServer();
  for (const role of ['admin', 'editor', 'support'] as const) {
    operators[role] = await signInOperator(t, `${role}@ottkit.test`, role);
  }
  const demo = await loginAs(t, 'demo@ottkit.test', 'demo1234');
  // A subscriber with everything a subscriber has: the bearer token and the site's session cookie.
  subscriber = { ...bearer(demo.token), cookie: demo.cookies.map((c) => c.split(';')[0]).join('; ') };
});
afterAll(() => t.close());

const send = (d: CallDescriptor, headers: Record<string, string>) =>
  d.method === 'GET' ? t.get(d.path, headers) : t.post(d.path, {}, headers);

describe('every operator call × every role', () => {
  it('covers every operator call of the contract', () => {
    expect(calls.length).toBeGreaterThanOrEqual(20);
    // Issue 18 §2-3: the line-up and guide calls (support reads, editors change).
    expect(calls.map(([name]) => name)).toEqual(expect.arrayContaining(Object.keys(operatorLineupCalls)));
    expect(roleMayCall('support', operatorLineupCalls.lineupList)).toBe(true);
    expect(roleMayCall('support', operatorLineupCalls.lineupChannelSave)).toBe(false);
  });

  it.each(calls)('%s', async (_name, d) => {
    for (const who of ['guest', 'subscriber'] as const) {
      const a = await send(d, who === 'guest' ? {} : subscriber);
      expect([a.status, a.body.errCode], `${who}`).toEqual([401, OperatorErrCode.SIGN_IN_REQUIRED]);
    }
    for (const role of ['support', 'editor', 'admin'] as const) {
      const op = operators[role] as SignedIn;
      const a = await send(d, { cookie: op.cookie });
      if (roleMayCall(role, d)) {
        expect([OperatorErrCode.ROLE_REFUSED, OperatorErrCode.SIGN_IN_REQUIRED], role).not.toContain(
          a.body.errCode,
        );
        expect(a.status, role).toBeLessThan(500);
      } else {
        expect([a.status, a.body.errCode], role).toEqual([403, OperatorErrCode.ROLE_REFUSED]);
      }
    }
  });

  // Issue 18 §6: editors (and admins) write notices and notify everybody; support notifies one subscriber.
  it.each([
    ['noticeList', ['admin', 'editor', 'support']],
    ['noticeCreate', ['admin', 'editor']],
    ['noticeWithdraw', ['admin', 'editor']],
    ['notificationSend', ['admin', 'editor', 'support']],
    ['notificationBroadcast', ['admin', 'editor']],
  ] as const)('%s is for %j', (name, roles) => {
    const d = (operatorContract.operator as Record<string, CallDescriptor>)[name] as CallDescriptor;
    expect((['admin', 'editor', 'support'] as const).filter((r) => roleMayCall(r, d))).toEqual(roles);
  });

  // Issue 18 §4 (decision 0280): editors (and admins) make seasons and episodes and unpublish; support reads.
  it.each([
    ['titleParts', ['admin', 'editor', 'support']],
    ['titleSeasonAdd', ['admin', 'editor']],
    ['titleEpisodeAdd', ['admin', 'editor']],
    ['titleUnpublish', ['admin', 'editor']],
    // Decision 0282: code batches and "notify all" as jobs.
    ['codeBatchStart', ['admin', 'support']],
    ['codeBatchTake', ['admin', 'support']],
    ['codeBatchPending', ['admin', 'support']],
    ['notificationBroadcastStart', ['admin', 'editor']],
  ] as const)('%s is for %j', (name, roles) => {
    const d = (operatorContract.operator as Record<string, CallDescriptor>)[name] as CallDescriptor;
    expect(calls.map(([n]) => n)).toContain(name);
    expect((['admin', 'editor', 'support'] as const).filter((r) => roleMayCall(r, d))).toEqual(roles);
  });

  it('live sources: every role reads their health, editors and admins change them (issue 17)', () => {
    const { liveChannels, liveSourcesSet } = operatorContract.operator;
    expect(calls.map(([n]) => n)).toEqual(expect.arrayContaining(['liveChannels', 'liveSourcesSet']));
    expect(OPERATOR_ROLES.filter((r) => roleMayCall(r, liveChannels))).toEqual([
      'admin',
      'editor',
      'support',
    ]);
    expect(OPERATOR_ROLES.filter((r) => roleMayCall(r, liveSourcesSet))).toEqual(['admin', 'editor']);
  });

  it('an operator cookie opens nothing of the subscribers', async () => {
    const a = await t.post(
      '/liveapi/api/channel/favorite/list',
      {},
      { cookie: (operators.admin as SignedIn).cookie },
    );
    expect(a.body.errCode).not.toBe(0);
  });
});

describe('the OpenAPI document', () => {
  it('lists every operator call with its access, the roles allowed and the console cookie', async () => {
    const doc = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<string, { 'x-access': string; 'x-roles'?: string[]; security: unknown[] }>
      >;
    };
    for (const [, d] of Object.entries(operatorContract.operator as Record<string, CallDescriptor>)) {
      const op = doc.paths[d.path]?.[d.method.toLowerCase()];
      expect(op, d.path).toBeDefined();
      if (d.access !== 'operator') continue;
      expect(op?.['x-roles']).toEqual(['admin', ...(d.roles ?? [])]);
      expect(op?.security).toEqual([{ operatorCookie: [] }]);
    }
  });
});
