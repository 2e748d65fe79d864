import { type CallDescriptor, operatorContract } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';
import { type SignedIn, signInOperator } from './operatorHelpers.ts';
import { callRaw, jobsSettled, stateBesideCounters, totalChanges } from './security/probe.ts';
import { sampleRequest, withValueAt } from './security/sample.ts';

// The security suite's string-field injection (decision 0164), on every operator call, signed in as an admin
// (who may make them all): an envelope every time, never a 5xx or a stack, and a refused call writes nothing
// (sign-in steps may only count the attempt).
const PAYLOADS: unknown[] = [
  "' OR '1'='1",
  "'; DROP TABLE operators; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  'file:///etc/passwd',
  '\u0000\r\nSet-Cookie: injected=1',
  'x'.repeat(5000),
  123,
  null,
  { $gt: '' },
  ['a'],
];
const CATALOGUE = /^(vod_|epg|program|channel|physical_channels)/;
const COUNTS_ATTEMPTS = /\/(signIn|totp)$/;

let t: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  t = await startServer();
  admin = await signInOperator(t, 'admin@ottkit.test', 'admin');
});
afterAll(() => t.close());

describe('injection in every string field of every operator call', () => {
  it('answers each with an envelope, never 5xx, never a stack; a refused one writes nothing', async () => {
    const problems: string[] = [];
    let sent = 0;
    const calls = Object.values(operatorContract.operator as Record<string, CallDescriptor>).filter(
      (d) => !d.path.endsWith('/signOut'),
    );
    for (const d of calls) {
      const { value, stringPaths } = sampleRequest(d);
      for (const path of stringPaths) {
        for (const payload of PAYLOADS) {
          const what = `${d.path} ${path.join('.')}=${JSON.stringify(payload).slice(0, 24)}`;
          const counted = COUNTS_ATTEMPTS.test(d.path);
          // A job an earlier accepted call started (a broadcast) may still be writing: not this call's write.
          await jobsSettled(t.server.db);
          const before = counted ? stateBesideCounters(t.server.db, CATALOGUE) : '';
          const changes = totalChanges(t.server.db);
          sent++;
          const a = await callRaw(t.url, d, withValueAt(value, path, payload), { cookie: admin.cookie });
          if (a.status >= 500) problems.push(`${what}: HTTP ${a.status}`);
          let env: { errCode: number; errMsg: string } | undefined;
          try {
            env = JSON.parse(a.body);
          } catch {
            problems.push(`${what}: not an envelope`);
          }
          if (/\n\s+at |node:internal|\/src\/.*\.ts/.test(env?.errMsg ?? ''))
            problems.push(`${what}: a stack`);
          if (String(a.headers['set-cookie'] ?? '').includes('injected'))
            problems.push(`${what}: header injected`);
          if (env && env.errCode !== 0) {
            const wrote = counted
              ? stateBesideCounters(t.server.db, CATALOGUE) !== before
              : totalChanges(t.server.db) !== changes;
            if (wrote) problems.push(`${what}: refused but wrote`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(200);
    expect(problems).toEqual([]);
    expect(t.errors).toEqual([]);
  }, 120_000);
});
