import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback that keeps what it receives (the tests' and journeys' mailbox, issue 40). */
export interface SmtpReceiver {
  port: number;
  url: string;
  messages: ParsedMail[];
  /** Resolves with the first message (received or to come) that `match` accepts; rejects after `timeoutMs`. */
  waitFor(match: (m: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/**
 * Starts one on `port` (0: any free one). `refuse` names recipients it answers 550 to, as a mail server does for
 * an address it does not know; `defer` those it answers 451 to (try again later), as a busy one does.
 */
export async function startSmtpReceiver(
  options: {
    port?: number;
    refuse?: (recipient: string) => boolean;
    defer?: (recipient: string) => boolean;
  } = {},
): Promise<SmtpReceiver> {
  const messages: ParsedMail[] = [];
  const waiters: { match: (m: ParsedMail) => boolean; resolve: (m: ParsedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const answer = (code: number, text: string) =>
        callback(Object.assign(new Error(text), { responseCode: code }));
      if (options.refuse?.(address.address)) return answer(550, 'No such mailbox here');
      if (options.defer?.(address.address)) return answer(451, 'Mailbox busy, try again later');
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          for (const w of [...waiters]) {
            if (w.match(mail)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(mail);
            }
          }
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(match, timeoutMs = 20_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const w = { match, resolve };
        waiters.push(w);
        setTimeout(() => {
          if (waiters.includes(w)) {
            waiters.splice(waiters.indexOf(w), 1);
            reject(
              new Error(`no such message arrived in ${timeoutMs / 1000} s (${messages.length} arrived)`),
            );
          }
        }, timeoutMs).unref();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 4-digit code a person reads in a message. */
export function codeIn(mail: ParsedMail): string {
  const code = /\b(\d{4})\b/.exec(mail.text ?? '')?.[1];
  if (!code) throw new Error(`no code in "${mail.subject}"`);
  return code;
}
