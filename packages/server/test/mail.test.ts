import { createServer as createHttpServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contract } from '@ottkit/api-client';
import { operatorContract as oc } from '@ottkit/api-client/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type OttkitServer } from '../src/app.ts';
import { changeSetting } from '../src/domain/appConfig.ts';
import type { OutboxMessage } from '../src/store/outbox.ts';
import { latestCode, registerEmail, startServer, type TestServer } from './helpers.ts';
import { signInOperator } from './operatorHelpers.ts';
import { codeIn, type SmtpReceiver, startSmtpReceiver } from './smtpReceiver.ts';
import { TEST_SECRETS } from './testSecrets.ts';

// Issue 40 (decision 0399): codes and notices go out by SMTP (or the SMS webhook) from a durable queue, in the
// person's language, with the operator's name; a message that cannot go is tried again, and given up with a
// reason the console and the sign-up page word. A real SMTP server on loopback receives them.
const A = contract.account;
const VERIFY = A.verification.path;
const DELIVERY = A.verificationDelivery.path;
const SUB = oc.operator.subscriberGet.path;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
async function receiver(options?: Parameters<typeof startSmtpReceiver>[0]): Promise<SmtpReceiver> {
  const r = await startSmtpReceiver(options);
  cleanups.push(() => r.close());
  return r;
}
async function server(config: Parameters<typeof startServer>[0] = {}): Promise<TestServer> {
  const t = await startServer(config);
  cleanups.push(() => t.close());
  return t;
}
const row = (t: { server: OttkitServer }, recipient: string) =>
  t.server.db.get<OutboxMessage>(
    'SELECT * FROM outbox WHERE recipient = ? ORDER BY seq DESC LIMIT 1',
    recipient,
  );
async function until<T>(what: () => T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = what();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
const delivery = async (t: TestServer, authenticationKey: string) =>
  A.verificationDelivery.response.parse((await t.post(DELIVERY, { authenticationKey })).body.data);

describe('mail over SMTP', () => {
  it('sends a sign-up code in Spanish, with the operator’s name and sender, and the code registers', async () => {
    const inbox = await receiver();
    const t = await server({ config: { smtpUrl: inbox.url } });
    changeSetting(t.server.db, 'brand.name', 'Canal Uno');
    changeSetting(t.server.db, 'mail.fromName', 'Canal Uno TV');
    changeSetting(t.server.db, 'mail.fromAddress', 'hola@canal-uno.example');
    const sent = await t.post(VERIFY, { email: 'ana@example.org', purpose: 'register' }, { lang: 'es' });
    expect(sent.body.errCode).toBe(0);
    const { authenticationKey } = sent.body.data as { authenticationKey: string };

    const mail = await inbox.waitFor(
      (m) => m.to !== undefined && JSON.stringify(m.to).includes('ana@example.org'),
    );
    expect(mail.subject).toBe('Tu código de registro en Canal Uno');
    expect(mail.from?.value).toEqual([{ name: 'Canal Uno TV', address: 'hola@canal-uno.example' }]);
    expect(mail.text).toMatch(/^Tu código de registro es \d{4}\.\n\nCaduca en 10 minutos\./);
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.html).toContain('Canal Uno');
    // After a rebrand nothing a subscriber reads says ottkit.
    expect(`${mail.subject} ${mail.text} ${mail.html} ${mail.from?.text}`).not.toMatch(/ottkit/i);

    const registered = await t.post(A.register.path, {
      registerInfo: { email: 'ana@example.org', password: 'secret123', verificationCode: codeIn(mail) },
      authenticationKey,
    });
    expect(registered.body.errCode).toBe(0);
    expect(row(t, 'ana@example.org')).toMatchObject({
      state: 'sent',
      attempts: 1,
      lang: 'es',
      failure: null,
    });
    expect(await delivery(t, authenticationKey)).toEqual({ state: 'sent' });
  });

  it('keeps a code while the mail service is down, says it is delayed, and a restarted server delivers it', async () => {
    // A port nothing listens on yet: the mail service is down.
    const probe = await startSmtpReceiver();
    const port = probe.port;
    await probe.close();
    const dataDir = await mkdtemp(join(tmpdir(), 'ottkit-mail-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const clock = { now: Date.UTC(2026, 5, 1, 12) };
    const errors: unknown[] = [];
    const start = async () => {
      const s = createServer({
        now: () => clock.now,
        config: { port: 0, host: '127.0.0.1', ...TEST_SECRETS, dataDir, smtpUrl: `smtp://127.0.0.1:${port}` },
        logger: { info: () => {}, error: (msg) => errors.push(msg) },
      });
      const { url } = await s.listen();
      return { s, url };
    };
    let { s, url } = await start();
    const res = await fetch(url + VERIFY, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'bo@example.org', purpose: 'register' }),
    });
    const { authenticationKey } = (await res.json()).data as { authenticationKey: string };
    const waiting = await until(() => {
      const r = row({ server: s }, 'bo@example.org');
      return r && r.attempts >= 1 ? r : undefined;
    });
    expect(waiting).toMatchObject({ state: 'waiting', failure: 'unreachable' });
    const asked = await fetch(url + DELIVERY, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ authenticationKey }),
    });
    expect((await asked.json()).data).toEqual({ state: 'delayed', failure: 'unreachable' });
    // The log says why, in the server's words; nothing of it reaches the page.
    expect(errors.join(' ')).toMatch(/email #\d+ not sent \(try 1\): unreachable/);
    await s.close();

    // The mail service is back, and so is the server, half a minute later: the message goes, once.
    const inbox = await receiver({ port });
    clock.now += 31_000;
    ({ s, url } = await start());
    cleanups.push(() => s.close());
    const mail = await inbox.waitFor(() => true);
    expect(mail.subject).toBe('Your ottkit sign-up code');
    expect(codeIn(mail)).toBe(latestCode({ server: s } as TestServer, 'bo@example.org'));
    await until(() => row({ server: s }, 'bo@example.org')?.state === 'sent');
    expect(row({ server: s }, 'bo@example.org')).toMatchObject({ attempts: 2, failure: null });
    expect(inbox.messages).toHaveLength(1);
  });

  it('gives up on an address the mail service refuses, and support sees why (never the message’s text)', async () => {
    const refused = new Set<string>();
    const inbox = await receiver({ refuse: (to) => refused.has(to) });
    const t = await server({ config: { smtpUrl: inbox.url } });
    await registerEmail(t, 'cy@example.org');
    await inbox.waitFor(() => true);
    refused.add('cy@example.org');
    const reset = await t.post(VERIFY, { email: 'cy@example.org', purpose: 'resetPassword' });
    const { authenticationKey } = reset.body.data as { authenticationKey: string };
    const failed = await until(() => {
      const r = row(t, 'cy@example.org');
      return r?.state === 'failed' ? r : undefined;
    });
    // A 550 is final: not tried again.
    expect(failed).toMatchObject({ attempts: 1, failure: 'refusedAddress' });
    expect(await delivery(t, authenticationKey)).toEqual({ state: 'failed', failure: 'refusedAddress' });

    const support = await signInOperator(t, 'desk@ottkit.test', 'support');
    const accountId = t.server.db.get<{ account_id: string }>(
      "SELECT account_id FROM accounts WHERE email = 'cy@example.org'",
    )?.account_id;
    const answer = await t.get(`${SUB}?accountId=${accountId}`, { cookie: support.cookie });
    const { subscriber } = oc.operator.subscriberGet.response.parse(answer.body.data);
    expect(subscriber.delivery).toEqual({ email: true, sms: false });
    expect(subscriber.messages.map((m) => [m.subject, m.state, m.failure])).toEqual([
      ['Your ottkit password reset code', 'failed', 'refusedAddress'],
      ['Your ottkit sign-up code', 'sent', undefined],
    ]);
    expect(JSON.stringify(answer.body)).not.toContain(failed.body);
  });

  it('does not send a code that expired while the mail service was down', async () => {
    const probe = await startSmtpReceiver();
    await probe.close();
    const t = await server({ config: { smtpUrl: probe.url } });
    await t.post(VERIFY, { email: 'di@example.org', purpose: 'register' });
    await until(() => (row(t, 'di@example.org')?.attempts ?? 0) >= 1);
    t.advance(11 * 60_000);
    const given = await until(() => {
      const r = row(t, 'di@example.org');
      return r?.state === 'failed' ? r : undefined;
    });
    expect(given).toMatchObject({ failure: 'expired', attempts: 1 });
  });

  it('without SMTP the outbox keeps the message, the console says mail is not configured', async () => {
    const t = await server();
    const sent = await t.post(VERIFY, { email: 'ed@example.org', purpose: 'register' });
    const { authenticationKey } = sent.body.data as { authenticationKey: string };
    await new Promise((r) => setTimeout(r, 300));
    expect(row(t, 'ed@example.org')).toMatchObject({ state: 'waiting', attempts: 0 });
    expect(await delivery(t, authenticationKey)).toEqual({ state: 'queued' });
    const admin = await signInOperator(t, 'boss@ottkit.test', 'admin');
    const settings = await t.get(oc.operator.settingsGet.path, { cookie: admin.cookie });
    expect(oc.operator.settingsGet.response.parse(settings.body.data).delivery).toEqual({
      email: false,
      sms: false,
    });
  });

  it('answers a key that sent nothing as a message that went (no account is revealed)', async () => {
    const inbox = await receiver();
    const t = await server({ config: { smtpUrl: inbox.url } });
    const reset = await t.post(VERIFY, { email: 'nobody@example.org', purpose: 'resetPassword' });
    const { authenticationKey } = reset.body.data as { authenticationKey: string };
    expect(await delivery(t, authenticationKey)).toEqual({ state: 'sent' });
    expect(await delivery(t, 'x'.repeat(32))).toEqual({ state: 'sent' });
  });
});

describe('SMS through the webhook', () => {
  it('posts the code to the gateway with its token; a 5xx is tried again, a 4xx given up', async () => {
    const got: { auth?: string; body: { to: string; text: string } }[] = [];
    let status = 500;
    const gateway: Server = createHttpServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        got.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise((r) => gateway.close(r)));
    const hook = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
    const t = await server({ config: { smsWebhookUrl: hook, smsWebhookToken: 'gateway-token-123' } });
    const phone = { phonePreCode: '351', phone: '912345678' };
    await t.post(VERIFY, { ...phone, purpose: 'register' }, { lang: 'pt' });
    const tried = await until(() => {
      const r = row(t, '+351912345678');
      return r && r.attempts >= 1 ? r : undefined;
    });
    expect(tried).toMatchObject({ state: 'waiting', failure: 'webhookRefused' });
    expect(got[0]).toMatchObject({ auth: 'Bearer gateway-token-123', body: { to: '+351912345678' } });
    expect(got[0]?.body.text).toMatch(/^Seu código de cadastro é \d{4}\./);

    status = 204;
    t.advance(31_000);
    await until(() => row(t, '+351912345678')?.state === 'sent');

    status = 400;
    t.advance(60_000);
    await t.post(VERIFY, { ...phone, purpose: 'register' }, { lang: 'pt' });
    const failed = await until(() => {
      const r = row(t, '+351912345678');
      return r?.state === 'failed' ? r : undefined;
    });
    expect(failed).toMatchObject({ failure: 'webhookRefused', attempts: 1 });
  });
});
