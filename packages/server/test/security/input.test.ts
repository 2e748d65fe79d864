// Test run: about 5 s on SQLite, 30 s on PostgreSQL (scripts/vitest-sequencer.ts starts it early)
import { contract } from '@ottkit/api-client';
import type { CallDescriptor } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../../src/seed/accounts.ts';
import { loginAs, type TestServer } from '../helpers.ts';
import {
  callRaw,
  dbFingerprint,
  type RawAnswer,
  raw,
  stateBesideCounters,
  startTarget,
  Tally,
  totalChanges,
} from './probe.ts';
import { sampleRequest, withValueAt } from './sample.ts';

// Hostile input from the outside (issue #21 item 6): injection in every string field of every contract call,
// path traversal on every static and media route, oversized and deeply nested bodies.
let t: TestServer;
let token = '';
const tally = new Tally();

beforeAll(async () => {
  t = await startTarget();
  token = (await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD)).token;
}, 300_000);
afterAll(async () => {
  tally.print('security/input');
  await t.close();
});

const PAYLOADS: unknown[] = [
  "' OR '1'='1",
  "'; DROP TABLE accounts; --",
  '" OR ""="',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '\u0000',
  '%00%2e%2e%2f',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, on purpose
  '${7*7}{{7*7}}<%= 7*7 %>',
  'a\r\nSet-Cookie: injected=1',
  '\ud800',
  '😀'.repeat(40),
  '‮evil',
  '{"$gt":""}',
  'x'.repeat(5000),
  123,
  null,
  { $gt: '' },
  ['a'],
];

/** Calls that end the session they are made with: tried once each at the end, not in the loop. */
const ENDS_SESSION = /logout|token\/refresh|passwd|password|delete\/account/i;
/** Calls whose refusals are counted on purpose (attempt limits): their counters may change, nothing else. */
const COUNTS_FAILURES = /login|register|verification|recharge|resetPasswd|scan\/code/i;
/** The catalogue tables no account call writes (large: skipped in the per-request fingerprint, for speed). */
const CATALOGUE = /^(vod_|epg|program|channel|physical_channels)/;

const calls = Object.values(contract)
  .flatMap((area) => Object.values(area) as CallDescriptor[])
  .filter((d) => !ENDS_SESSION.test(d.path));

function envelope(a: RawAnswer) {
  try {
    return JSON.parse(a.body) as { errCode: number; errMsg: string };
  } catch {
    return undefined;
  }
}

const send = (d: CallDescriptor, body: unknown) =>
  callRaw(t.url, d, body, { authorization: `Bearer ${token}` });

describe('injection in every string field of every call', () => {
  it('answers each with an envelope, never 5xx, never a stack; a refused one writes nothing', async () => {
    const writesOnRefusal: string[] = [];
    for (const d of calls) {
      const { value, stringPaths } = sampleRequest(d);
      for (const path of stringPaths) {
        for (const payload of PAYLOADS) {
          const counted = COUNTS_FAILURES.test(d.path);
          const before = counted ? stateBesideCounters(t.server.db, CATALOGUE) : undefined;
          const changes = totalChanges(t.server.db);
          const what = `${d.path} ${path.join('.')}=${JSON.stringify(payload).slice(0, 24)}`;
          const a = tally.record(
            'string field injection',
            what,
            await send(d, withValueAt(value, path, payload)),
          );
          const env = envelope(a);
          expect(env, what).toBeDefined();
          expect(env?.errMsg ?? '', what).not.toMatch(/\n\s+at |node:internal|\/src\/.*\.ts/);
          expect(String(a.headers['set-cookie'] ?? ''), what).not.toContain('injected');
          if (env && env.errCode !== 0) {
            const wrote = counted
              ? stateBesideCounters(t.server.db, CATALOGUE) !== before
              : totalChanges(t.server.db) !== changes;
            if (wrote) writesOnRefusal.push(what);
          }
        }
      }
    }
    expect(writesOnRefusal).toEqual([]);
    expect(tally.fiveHundreds).toEqual([]);
  }, 300_000);

  it('stores a hostile string as text, and hands it back as data, never as markup or SQL', async () => {
    // A favourite channel id is validated against the line-up; a search query is echoed and searched.
    const q = "<script>alert(1)</script>' OR 1=1 --";
    const a = tally.record(
      'string field injection',
      'search echo',
      await send(contract.vod.search, {
        ...(sampleRequest(contract.vod.search).value as object),
        keyword: q,
      }),
    );
    expect(a.status).toBeLessThan(500);
    expect(a.headers['content-type']).toMatch(/^application\/json/);
    const accounts = t.server.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM accounts')?.n ?? 0;
    expect(accounts).toBeGreaterThan(0);
  });
});

describe('path traversal on static and media routes', () => {
  const TRAVERSALS = [
    '/../package.json',
    '/..%2f..%2fpackage.json',
    '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/%252e%252e/%252e%252e/etc/passwd',
    '/_astro/..%2f..%2f..%2fserver%2fentry.mjs',
    '/_astro/%2e%2e%2f%2e%2e%2fserver/entry.mjs',
    '/_astro/..\\..\\server\\entry.mjs',
    '/favicon.svg%00.js',
    '/media/logo/..%2f..%2fottkit.db',
    '/media/logo/%2e%2e%2fsecrets.json',
    '/media/art/..%2f..%2fsecrets.json',
    '/media/art/%2e%2e/%2e%2e/ottkit.db',
    '/media/live/..%2f..%2fsecrets.json/master.m3u8',
    '/media/live/ch1/..%2f..%2f..%2fsecrets.json',
    '/media/vod/%2e%2e/%2e%2e/ottkit.db',
    '/media/vod/m-001/..%2f..%2f..%2fkeys/x',
    '/media/catchup/ch1/0-1/..%2f..%2fottkit.db',
    '/media/dvr/%00/master.m3u8',
    '//etc/passwd',
    '/.data/ottkit.db',
    '/.git/config',
    '/packages/server/src/config.ts',
  ];

  it('never serves a file outside the site and media folders, never 5xx', async () => {
    const secret = t.server.config.secret;
    for (const p of TRAVERSALS) {
      for (const method of ['GET', 'HEAD']) {
        const a = tally.record('path traversal', `${method} ${p}`, await raw(t.url, p, { method }));
        expect(a.status, p).toBeLessThan(500);
        expect(a.body, p).not.toContain(secret);
        expect(a.body, p).not.toContain('SQLite format 3');
        expect(a.body, p).not.toMatch(/root:x:0:0|\[core\]|export function loadConfig|"name": "ottkit"/);
      }
    }
    expect(tally.fiveHundreds).toEqual([]);
  });
});

describe('oversized and deeply nested bodies', () => {
  it('refuses them with a clear error (or closes an absurd upload), never 5xx, and stores nothing', async () => {
    const d = contract.live.favoriteCreate;
    const before = dbFingerprint(t.server.db);
    const bodies: [string, string][] = [
      ['1 MB JSON string', JSON.stringify({ favoriteChannelList: [], pad: 'x'.repeat(1024 * 1024) })],
      ['nested arrays 30000 deep', `${'['.repeat(30_000)}${']'.repeat(30_000)}`],
      ['nested objects 6000 deep', `${'{"a":'.repeat(6_000)}1${'}'.repeat(6_000)}`],
      [
        '10000 keys',
        JSON.stringify(Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]))),
      ],
      ['truncated JSON', '{"favoriteChannelList": [{"logicalChannelId": "lc-0'],
      ['not JSON', 'favoriteChannelList=lc-001'],
      ['__proto__ pollution', '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}'],
      ['a 20 MB upload', 'x'.repeat(20 * 1024 * 1024)],
    ];
    for (const [what, body] of bodies) {
      const a = tally.record(
        'oversized or nested body',
        what,
        await raw(t.url, d.path, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body,
        }),
      );
      expect(a.status, what).toBeLessThan(500);
      if (a.status !== 0) expect(envelope(a)?.errCode, what).not.toBe(0);
    }
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(dbFingerprint(t.server.db)).toEqual(before);
    expect(tally.fiveHundreds).toEqual([]);
  });
});
