import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { expect, type APIRequestContext } from '@playwright/test';

// The journeys' mailbox (issue 40): each worker's product sends its mail by SMTP to a real SMTP server on loopback
// (base port + MAILBOX_SMTP_OFFSET), as an operator's does; what arrived is read back over HTTP (+ the next port),
// as a person reads their inbox. It refuses (550) any `refused-…` address and those a journey names, and puts off
// (451) any `delayed-…` one.
//   node e2e/mailbox.ts <smtp port>

/** The mailbox's SMTP port, from a product's port; its HTTP reader listens on the next one. */
export const MAILBOX_SMTP_OFFSET = 295;

export interface Mail {
  to: string[];
  from: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
}

/** The newest message to `address` whose subject matches, waited for (a person waits for their mail). */
export async function mailTo(
  request: APIRequestContext,
  smtpPort: number,
  address: string,
  subject: RegExp = /./,
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`http://127.0.0.1:${smtpPort + 1}/messages`);
        const all = (await res.json()) as Mail[];
        found = all.filter((m) => m.to.includes(address) && subject.test(m.subject)).at(-1);
        return found !== undefined;
      },
      { timeout: 30_000, message: `a message to ${address} arrives` },
    )
    .toBe(true);
  return found as Mail;
}

/** From now on the mailbox refuses `address` (550), as a mail server does to a mailbox that went away. */
export async function refuseMailTo(request: APIRequestContext, smtpPort: number, address: string) {
  const res = await request.post(`http://127.0.0.1:${smtpPort + 1}/refuse`, { data: address });
  expect(res.status()).toBe(204);
}

/** The 4-digit code a person reads in a message. */
export const codeOf = (mail: Mail) => /\b(\d{4})\b/.exec(mail.text)?.[1] ?? '';

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // Loaded here only: the journeys' config imports this file for its port.
  const { startSmtpReceiver } = await import('../packages/server/test/smtpReceiver.ts');
  const port = Number(process.argv[2]);
  // Addresses it answers 550 to, as a mail server does to one it does not know: any `refused-…`, and those a
  // journey names (`POST /refuse` with the address as the body). Any `delayed-…` it answers 451 (try later).
  const refused = new Set<string>();
  const smtp = await startSmtpReceiver({
    port,
    refuse: (to) => to.startsWith('refused-') || refused.has(to),
    defer: (to) => to.startsWith('delayed-'),
  });
  const read = createServer((req, res) => {
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        refused.add(body.trim());
        res.writeHead(204).end();
      });
      return;
    }
    const out: Mail[] = smtp.messages.map((m) => ({
      to: (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) =>
        a.value.map((v) => v.address ?? ''),
      ),
      from: { name: m.from?.value[0]?.name ?? '', address: m.from?.value[0]?.address ?? '' },
      subject: m.subject ?? '',
      text: m.text ?? '',
      html: typeof m.html === 'string' ? m.html : '',
    }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out));
  });
  read.listen(port + 1, '127.0.0.1', () => console.log(`mailbox: SMTP on ${port}, messages on ${port + 1}`));
  const stop = () => {
    read.close();
    void smtp.close().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
