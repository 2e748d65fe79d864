import { contract, ErrCode } from '@ottkit/api-client';
import { operatorContract as oc, OperatorErrCode } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rechargeCodeHash } from '../src/domain/recharge.ts';
import { DEMO_PASSWORD } from '../src/seed/accounts.ts';
import { bearer, loginAs, registerEmail, startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';

// Issue 18 §5, §7, §8 (decision 0240): codes stored as hashes, voided codes refused, redemptions, settings,
// plans and the password reset, each change audited with before and after.
const O = oc.operator;
let t: TestServer;
let admin: SignedIn;
let support: SignedIn;
beforeAll(async () => {
  t = await startServer();
  admin = await signInOperator(t, 'boss@ottkit.test', 'admin');
  support = await signInOperator(t, 'desk@ottkit.test', 'support');
});
afterAll(() => t.close());

const as = (who: SignedIn) => ({ cookie: who.cookie });
const audit = (action: string) =>
  t.server.db.all<{ target: string; before_json: string | null; after_json: string | null }>(
    'SELECT target, before_json, after_json FROM operator_audit WHERE action = ? ORDER BY seq',
    action,
  );

async function subscriber(email: string) {
  await registerEmail(t, email, DEMO_PASSWORD);
  return loginAs(t, email, DEMO_PASSWORD);
}

describe('recharge code batches', () => {
  it('answers the codes once, stores only keyed hashes, voids, refuses voided codes and lists redemptions', async () => {
    const made = await t.post(O.codeBatchCreate.path, { planId: 'plan-sports', count: 3 }, as(support));
    expect(made.body.errCode).toBe(0);
    const { batch, codes } = O.codeBatchCreate.response.parse(made.body.data);
    expect(batch).toMatchObject({ planId: 'plan-sports', total: 3, redeemed: 0, voided: 0 });
    const [good, bad, last] = codes as [string, string, string];
    // Only hashes are in the database, never a code in clear, and the audit has no code either.
    const stored = t.server.db.all<{ code_hash: string }>(
      'SELECT code_hash FROM recharge_codes WHERE batch_id = ?',
      batch.batchId,
    );
    expect(stored.map((r) => r.code_hash).sort()).toEqual(
      codes.map((c) => rechargeCodeHash(t.server.config.secret, c)).sort(),
    );
    expect(JSON.stringify(audit('codes.create'))).not.toContain(good);

    const voided = await t.post(O.codeVoid.path, { batchId: batch.batchId, code: bad }, as(support));
    expect(O.codeVoid.response.parse(voided.body.data)).toMatchObject({ voided: 1, batch: { voided: 1 } });
    expect(audit('codes.voidCode').at(-1)?.target).toBe(`${batch.batchId} …${bad.slice(-4)}`);
    const again = await t.post(O.codeVoid.path, { batchId: batch.batchId, code: bad }, as(support));
    expect(again.body.errCode).toBe(OperatorErrCode.NOT_FOUND);

    const s = await subscriber('coder@example.com');
    const redeem = (code: string) =>
      t.post(
        contract.account.recharge.path,
        { rechargeCodePassword: code, virtualCode: s.virtualCode },
        bearer(s.token),
      );
    expect((await redeem(bad)).body).toEqual({
      errCode: ErrCode.RECHARGE_CODE_INVALID,
      errMsg: 'This recharge code is not valid',
    });
    expect((await redeem(good)).body.errCode).toBe(0);

    const r = await t.get(`${O.codeRedemptions.path}?batchId=${batch.batchId}`, as(support));
    expect(O.codeRedemptions.response.parse(r.body.data).redemptions).toEqual([
      { accountId: s.accountId, who: 'coder@example.com', redeemedAt: t.clock.now },
    ]);

    // Voiding the batch leaves the redeemed code alone.
    const all = await t.post(O.codeVoid.path, { batchId: batch.batchId }, as(support));
    expect(O.codeVoid.response.parse(all.body.data)).toMatchObject({
      voided: 1,
      batch: { total: 3, redeemed: 1, voided: 2 },
    });
    expect((await redeem(last)).body.errCode).toBe(ErrCode.RECHARGE_CODE_INVALID);

    const h = await t.get(`${O.subscriberHistory.path}?accountId=${s.accountId}`, as(support));
    expect(O.subscriberHistory.response.parse(h.body.data).redemptions).toEqual([
      { batchId: batch.batchId, planId: 'plan-sports', redeemedAt: t.clock.now },
    ]);
  });

  it('validates a batch with the contract and refuses an unknown plan in words', async () => {
    const tooMany = await t.post(
      O.codeBatchCreate.path,
      { planId: 'plan-sports', count: 10_001 },
      as(support),
    );
    expect([tooMany.status, tooMany.body.errCode]).toEqual([400, ErrCode.INVALID_REQUEST]);
    const noPlan = await t.post(O.codeBatchCreate.path, { planId: 'plan-none', count: 1 }, as(support));
    expect(noPlan.body).toMatchObject({ errCode: OperatorErrCode.NOT_FOUND, errMsg: 'No plan plan-none' });
  });
});

describe('plans', () => {
  it('an admin creates and changes a plan; the site’s plan list follows; audited before/after', async () => {
    const plan = {
      planId: 'plan-weekly',
      url: '',
      price: 2.5,
      currency: 'USD',
      discountPrice: 2,
      discountCurrency: 'USD',
      productId: 'live-basic',
      durationDays: 7,
      planLang: [{ lang: 'en', planName: 'Weekly', description: 'Seven days' }],
    };
    expect((await t.post(O.planSave.path, plan, as(admin))).body.errCode).toBe(0);
    expect((await t.post(O.planSave.path, { ...plan, price: 3 }, as(admin))).body.errCode).toBe(0);
    const list = await t.get(O.planAdminList.path, as(support));
    expect(O.planAdminList.response.parse(list.body.data).planList.at(-1)).toMatchObject({
      planId: 'plan-weekly',
      price: 3,
      durationDays: 7,
    });
    const changed = audit('plan.update').at(-1);
    expect(JSON.parse(changed?.before_json ?? '{}').price).toBe(2.5);
    expect(JSON.parse(changed?.after_json ?? '{}').price).toBe(3);
    const bad = await t.post(O.planSave.path, { ...plan, durationDays: 0 }, as(admin));
    expect([bad.status, bad.body.errCode]).toEqual([400, ErrCode.INVALID_REQUEST]);
  });
});

describe('settings', () => {
  it('changes what the app property answers, audits only what changed, and seals a manifest once', async () => {
    const up = await t.post(
      O.settingsUpdate.path,
      { 'layout.hide_unsubscribe_channel': true, businessType: 'live' },
      as(admin),
    );
    expect(O.settingsUpdate.response.parse(up.body.data).settings).toMatchObject({
      'layout.hide_unsubscribe_channel': true,
      businessType: 'live',
    });
    const entry = audit('settings.update').at(-1);
    expect(JSON.parse(entry?.before_json ?? '{}')).toEqual({
      businessType: 'liveAndVod',
      'layout.hide_unsubscribe_channel': false,
    });
    const prop = await t.post(contract.account.appPropertyQuery.path, {});
    expect(prop.body.data).toMatchObject({
      businessType: 'live',
      layoutConfig: { hide_unsubscribe_channel: true },
    });
    const bad = await t.post(O.settingsUpdate.path, { memberSiteUrl: 'nope' }, as(admin));
    expect(bad.body.errCode).toBe(ErrCode.INVALID_REQUEST);

    const notJson = await t.post(
      O.zeroTrustSeal.path,
      { manifest: '{oops', required: false, siteUrl: 'https://tv.example' },
      as(admin),
    );
    expect(notJson.body).toMatchObject({
      errCode: ErrCode.INVALID_REQUEST,
      errMsg: 'The manifest is not valid JSON',
    });
  });
});

describe('the brand (issue 40, decision 0401)', () => {
  it('takes an accent colour that passes WCAG AA, footer links and a default language; refuses the rest in words', async () => {
    const tooDark = await t.post(O.settingsUpdate.path, { 'brand.accentColor': '#202020' }, as(admin));
    expect(tooDark.body.errCode).toBe(ErrCode.INVALID_REQUEST);
    expect(tooDark.body.errMsg).toMatch(/1\.\d:1 against the page's background; it needs at least 3:1/);
    const badLabel = await t.post(O.settingsUpdate.path, { 'brand.accentColor': '#777777' }, as(admin));
    expect(badLabel.body.errMsg).toMatch(
      /label on this colour has a contrast of 4\.\d:1; it needs at least 4.5:1/,
    );
    const script = await t.post(O.settingsUpdate.path, { 'brand.helpUrl': 'javascript:alert(1)' }, as(admin));
    expect(script.body.errCode).toBe(ErrCode.INVALID_REQUEST);
    expect(await t.post(O.settingsUpdate.path, { 'brand.defaultLanguage': 'fr' }, as(admin))).toMatchObject({
      body: { errCode: ErrCode.INVALID_REQUEST },
    });
    // Nothing of a refused change was stored.
    const before = await t.post(contract.account.appPropertyQuery.path, {});
    expect(before.body.data).toMatchObject({
      brand: { accentColor: '', links: { help: '' }, defaultLanguage: 'en' },
    });

    const change = {
      'brand.accentColor': '#1E88E5',
      'brand.termsUrl': 'https://tv.example/terms',
      'brand.helpUrl': 'https://tv.example/help',
      'brand.defaultLanguage': 'pt',
    };
    const up = await t.post(O.settingsUpdate.path, change, as(admin));
    expect(up.body.errCode).toBe(0);
    expect(JSON.parse(audit('settings.update').at(-1)?.after_json ?? '{}')).toEqual(change);
    const prop = await t.post(contract.account.appPropertyQuery.path, {});
    expect(prop.body.data).toMatchObject({
      brand: {
        accentColor: '#1E88E5',
        links: { terms: 'https://tv.example/terms', privacy: '', help: 'https://tv.example/help' },
        defaultLanguage: 'pt',
      },
    });
    // Support may not rebrand.
    const refused = await t.post(O.settingsUpdate.path, { 'brand.accentColor': '' }, as(support));
    expect(refused.status).toBe(403);
    await t.post(
      O.settingsUpdate.path,
      { 'brand.accentColor': '', 'brand.termsUrl': '', 'brand.helpUrl': '', 'brand.defaultLanguage': 'en' },
      as(admin),
    );
  });
});

describe('subscriber password reset', () => {
  it('ends every session and sends the reset code to the subscriber, who sets a new password with it', async () => {
    const s = await subscriber('forgot@example.com');
    const origin = { origin: t.url };
    // Without the console's browser origin the message could not link to the site: refused in words.
    const bare = await t.post(O.subscriberResetPassword.path, { accountId: s.accountId }, as(support));
    expect([bare.status, bare.body.errMsg]).toEqual([
      400,
      'Reset passwords from the console in a browser: the message links to this site',
    ]);
    const r = await t.post(
      O.subscriberResetPassword.path,
      { accountId: s.accountId },
      { ...as(support), ...origin },
    );
    expect(r.body).toMatchObject({ errCode: 0, data: { sentTo: 'forgot@example.com' } });
    const live = t.server.db.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM sessions WHERE account_id = ? AND revoked_at IS NULL',
      s.accountId,
    );
    expect(live?.n).toBe(0);
    // The message is the site's reset code, with a link to the site's form holding the code's key.
    const mail = t.server.db.get<{ subject: string; body: string }>(
      'SELECT subject, body FROM outbox WHERE recipient = ? ORDER BY seq DESC LIMIT 1',
      'forgot@example.com',
    );
    expect(mail?.subject).toBe('Your ottkit password reset code');
    const code = mail?.body.match(/code is (\d{4})\./)?.[1] as string;
    const link = new URL(mail?.body.match(/Enter it at (\S+) and/)?.[1] as string);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.url}/login`);
    const fragment = new URLSearchParams(link.hash.slice(1));
    expect(fragment.get('address')).toBe('forgot@example.com');
    const authenticationKey = fragment.get('reset') as string;
    // Neither the console's answer nor the audit holds the code or its key.
    const entry = audit('subscriber.resetPassword').at(-1);
    expect(entry?.target).toBe(s.accountId);
    for (const secret of [code, authenticationKey]) {
      expect(JSON.stringify(r.body)).not.toContain(secret);
      expect(JSON.stringify(entry)).not.toContain(secret);
    }
    const reset = await t.post(contract.account.resetPassword.path, {
      email: 'forgot@example.com',
      verificationCode: code,
      authenticationKey,
      newPassword: 'fresh-pass1',
    });
    expect(reset.body.errCode).toBe(0);
    const again = await loginAs(t, 'forgot@example.com', 'fresh-pass1');
    expect(again.token).toBeTruthy();
  });
});
