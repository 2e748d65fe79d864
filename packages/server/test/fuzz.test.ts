// Test run: about 7 s on SQLite, 10 s on PostgreSQL (scripts/vitest-sequencer.ts starts it early)
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type CallDescriptor, contract } from '@ottkit/api-client/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_SUBSCRIBED } from '../src/seed/accounts.ts';
import { repoRoot } from '../src/config.ts';
import { rawGet } from '../src/http/rawGet.test-helpers.ts';
import { loginAs, startServer, type TestServer } from './helpers.ts';
import { siteBuilt, startSiteServer } from './productServer.ts';

/** Deterministic PRNG (mulberry32), so a failure reproduces. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WEIRD: unknown[] = [
  null,
  true,
  -1,
  0,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  'x'.repeat(5000),
  '1234',
  '0000000000000000',
  'a@b',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '\u0000\u202e',
  '😀'.repeat(50),
  [],
  [1, 2, 3],
  {},
  { $ne: null },
  { __proto__: { admin: true } },
  { constructor: { prototype: { x: 1 } } },
];

const RAW_BODIES = [
  '{',
  '}',
  '[',
  '{"a":}',
  'nul',
  '{"a":1,}',
  "{'a':1}",
  '\u0000',
  '{"a":"\\x"}',
  '1e',
  '"unterminated',
];

/** The top-level field names a call's request object declares, to aim mutations at them. */
function fieldsOf(d: CallDescriptor): string[] {
  const shape = (d.request as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

function malformedBodies(d: CallDescriptor, random: () => number, n: number): string[] {
  const out: string[] = [];
  const fields = [...fieldsOf(d), 'unknownField', '__proto__'];
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  let guard = 0;
  while (out.length < n && guard++ < n * 50) {
    const kind = random();
    let text: string;
    if (kind < 0.15) {
      text = pick(RAW_BODIES);
    } else if (kind < 0.3) {
      text = JSON.stringify(pick(WEIRD));
    } else {
      const body: Record<string, unknown> = {};
      const count = 1 + Math.floor(random() * 3);
      for (let i = 0; i < count; i++) body[pick(fields)] = pick(WEIRD);
      text = JSON.stringify(body);
      if (kind > 0.9) text = text.slice(0, Math.max(1, Math.floor(random() * text.length)));
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      out.push(text);
      continue;
    }
    // Only bodies the contract rejects count as malformed.
    if (!d.request.safeParse(parsed).success) out.push(text);
  }
  return out;
}

/** A digest of every row of every table: equal digests mean an unchanged database. */
function digest(t: TestServer): string {
  const tables = t.server.db.all<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
  );
  const h = createHash('sha256');
  for (const { name } of tables)
    h.update(name).update(JSON.stringify(t.server.db.all(`SELECT * FROM "${name}" ORDER BY 1`)));
  return h.digest('hex');
}

let t: TestServer;
let token: string;
beforeAll(async () => {
  t = await startServer();
  token = (await loginAs(t, DEMO_SUBSCRIBED.email, DEMO_PASSWORD)).token;
});
afterAll(() => t.close());

describe('fuzz: malformed bodies across the endpoints', () => {
  it('answers only error envelopes with non-zero errCode, never 5xx, and leaves the database unchanged', async () => {
    const random = rng(20261122);
    const calls = Object.values(contract).flatMap((area) => Object.values(area) as CallDescriptor[]);
    const posts = calls.filter((d) => d.method === 'POST');
    const before = digest(t);
    let sent = 0;
    for (const d of posts) {
      // At least 1000 in all, spread over every POST call.
      const bodies = malformedBodies(d, random, Math.ceil(1050 / posts.length));
      for (let i = 0; i < bodies.length; i += 25) {
        const answers = await Promise.all(
          bodies.slice(i, i + 25).map(async (body, j) => {
            const headers: Record<string, string> = { 'content-type': 'application/json' };
            if ((i + j) % 3 === 0) headers.authorization = `Bearer ${token}`;
            if ((i + j) % 3 === 1) headers.authorization = 'Bearer garbage';
            const res = await fetch(t.url + d.path, { method: 'POST', headers, body });
            return { body, status: res.status, text: await res.text() };
          }),
        );
        for (const a of answers) {
          const where = `${d.path} <- ${a.body.slice(0, 80)}`;
          expect(a.status, where).toBeLessThan(500);
          const envelope = JSON.parse(a.text) as { errCode: number; errMsg: string; data?: unknown };
          expect(envelope.errCode, where).not.toBe(0);
          expect(typeof envelope.errMsg, where).toBe('string');
          expect(envelope.data, where).toBeUndefined();
          expect(a.text, where).not.toMatch(/at .*\.ts:\d+/);
          sent++;
        }
      }
    }
    // GET calls (the VOD API): malformed query strings.
    for (const d of calls.filter((c) => c.method === 'GET')) {
      for (let i = 0; i < 20; i++) {
        const params = new URLSearchParams();
        const fields = [...fieldsOf(d), 'unknownField'];
        for (let k = 0; k < 2; k++) {
          const v = WEIRD[Math.floor(random() * WEIRD.length)];
          params.append(
            fields[Math.floor(random() * fields.length)] as string,
            typeof v === 'string' ? v : JSON.stringify(v),
          );
        }
        const query = Object.fromEntries(params);
        if (d.request.safeParse(query).success) continue;
        const res = await fetch(`${t.url}${d.path}?${params}`);
        const text = await res.text();
        expect(res.status, `${d.path}?${params}`).toBeLessThan(500);
        expect((JSON.parse(text) as { errCode: number }).errCode).not.toBe(0);
        sent++;
      }
    }
    expect(sent).toBeGreaterThanOrEqual(1000);
    expect(t.errors).toEqual([]);
    expect(digest(t)).toBe(before);
  }, 120_000);
});

/** Cookie values a browser, proxy or attacker may send: bad escapes, quotes, huge, empty, separators. */
const BAD_COOKIE_VALUES = [
  '%',
  '%E0%A4%A',
  '%zz',
  '"',
  '""quoted',
  '=',
  ';',
  'a'.repeat(6000),
  '\u00e9\u00ff',
  '%00',
];
const COOKIE_NAMES = [
  'ottkit_session',
  'ottkit_refresh',
  'ottkit_guest',
  '__Host-ottkit_session',
  '__Secure-ottkit_refresh',
];

describe('fuzz: malformed cookies across the endpoints', () => {
  it('never answers 5xx or logs a failure; a malformed session cookie is no session', async () => {
    const random = rng(20261124);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    const calls = Object.values(contract).flatMap((area) => Object.values(area) as CallDescriptor[]);
    let sent = 0;
    for (const d of calls) {
      for (let i = 0; i < 4; i++) {
        const parts = Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
          random() < 0.1 ? pick([';;;', '=;=', 'x']) : `${pick(COOKIE_NAMES)}=${pick(BAD_COOKIE_VALUES)}`,
        );
        const cookie = parts.join(random() < 0.5 ? '; ' : ';');
        const init: RequestInit =
          d.method === 'POST'
            ? { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: '{}' }
            : { headers: { cookie } };
        const res = await fetch(t.url + d.path, init);
        const text = await res.text();
        expect(res.status, `${d.path} <- ${cookie.slice(0, 80)}`).toBeLessThan(500);
        expect(text, d.path).not.toMatch(/at .*\.ts:\d+/);
        sent++;
      }
    }
    // The call that needs a session answers "log in again", whatever the session cookie holds.
    for (const value of BAD_COOKIE_VALUES) {
      const res = await fetch(t.url + contract.account.userInfo.path, {
        method: 'POST',
        headers: { cookie: `ottkit_session=${value}` },
      });
      expect(res.status).toBeLessThan(500);
      expect(((await res.json()) as { errCode: number }).errCode).not.toBe(0);
    }
    expect(sent).toBeGreaterThan(100);
    expect(t.errors).toEqual([]);
  }, 120_000);
});

describe.skipIf(!siteBuilt)('fuzz: Accept-Encoding on the built site (static files and pages)', () => {
  let site: TestServer;
  beforeAll(async () => {
    site = await startSiteServer();
  });
  afterAll(() => site?.close());

  /** The q-value a header gives a coding: its own entry, else `*`, else 0 (RFC 9110 §12.5.3). */
  function refused(header: string, coding: string): boolean {
    const entries = header
      .toLowerCase()
      .split(',')
      .map((part) => part.split(';').map((x) => x.trim()))
      .filter(([name]) => name);
    const q = (name: string) => {
      const entry = entries.find(([n]) => n === name);
      if (!entry) return undefined;
      const param = entry.slice(1).find((p) => /^q\s*=/.test(p));
      const value = param === undefined ? 1 : Number(param.replace(/^q\s*=\s*/, ''));
      return Number.isFinite(value) ? value : 0;
    };
    return (q(coding) ?? q('*') ?? 0) <= 0;
  }

  it('never sends a coding the header refuses (q=0, or not named and no *)', async () => {
    const random = rng(20261125);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    const script = `/_astro/${readdirSync(join(repoRoot, 'site/dist/client/_astro')).find((f) => f.endsWith('.js'))}`;
    const codings = ['br', 'gzip', 'deflate', 'identity', '*', 'BR', 'Gzip', 'x-gzip'];
    const qs = ['', ';q=0', ';q=0.0', ';q=0.000', ' ; q=0', ';q=1', ';q=0.5', ';q=0.001', ';q=bogus', ';Q=0'];
    for (let i = 0; i < 60; i++) {
      // Each coding named once (a repeated name has no defined meaning).
      const named = new Map<string, string>();
      for (let k = 1 + Math.floor(random() * 3); k > 0; k--) {
        const c = pick(codings);
        named.set(c.toLowerCase(), `${c}${pick(qs)}`);
      }
      const header = [...named.values()].join(pick([', ', ',']));
      for (const path of [script, '/login']) {
        const res = await rawGet(site.url + path, header);
        expect(res.status, `${path} <- ${header}`).toBe(200);
        const sent = res.headers['content-encoding'] as string | undefined;
        if (sent) expect(refused(header, sent), `${path} <- ${header}: sent ${sent}`).toBe(false);
      }
    }
    expect(site.errors).toEqual([]);
  }, 120_000);
});
