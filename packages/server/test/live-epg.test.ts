import { ErrCode } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putGuideDay } from '../src/domain/epg.ts';
import { generateGuideDay } from '../src/guide/generate.ts';
import { startServer, type TestServer } from './helpers.ts';
import { L } from './liveHelpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer(); // clock: 2026-06-01T12:00Z
});
afterAll(() => t.close());

async function ok<T>(
  path: string,
  body: object,
  parse: (d: unknown) => T,
  headers: Record<string, string> = {},
) {
  const res = await t.post(path, body, headers);
  expect(res.body.errMsg).toBe('success');
  return parse(res.body.data);
}
const epgV1 = (body: object, headers: Record<string, string> = {}) =>
  ok(L.epgQuery.path, body, (d) => L.epgQuery.response.parse(d), headers);
const checksums = (body: object) =>
  ok(L.epgChecksumQuery.path, body, (d) => L.epgChecksumQuery.response.parse(d));

describe('EPG query v1', () => {
  it('answers today by epgId, a realistic day with no gap or overlap', async () => {
    const { epgList } = await epgV1({ epgId: 'epg-lc-001' });
    expect(epgList).toHaveLength(1);
    const [day] = epgList;
    expect(day).toMatchObject({ epgId: 'epg-lc-001', date: '2026-06-01', isCatchup: true });
    const programs = day?.programs ?? [];
    expect(programs[0]?.start).toBe(Date.UTC(2026, 5, 1));
    expect(programs.at(-1)?.stop).toBe(Date.UTC(2026, 5, 2));
    for (let i = 1; i < programs.length; i++) expect(programs[i]?.start).toBe(programs[i - 1]?.stop);
    for (const p of programs) expect(p.multilingualList.map((m) => m.lang)).toEqual(['en', 'es', 'pt']);
  });

  it('finds the guide by channelId (logical or physical) and spans pastDays … futureDays', async () => {
    const { epgList } = await epgV1({ channelId: 'lc-001', date: '2026-06-01', pastDays: 7, futureDays: 3 });
    expect(epgList.map((e) => e.date)).toEqual([
      '2026-05-25',
      '2026-05-26',
      '2026-05-27',
      '2026-05-28',
      '2026-05-29',
      '2026-05-30',
      '2026-05-31',
      '2026-06-01',
      '2026-06-02',
      '2026-06-03',
      '2026-06-04',
    ]);
    const physical = await epgV1({ channelId: 'pc-001' });
    expect(physical.epgList[0]?.checksum).toBe(epgList[7]?.checksum);
  });

  it('speaks the asked language, or the lang header, falling back to English', async () => {
    const es = (await epgV1({ epgId: 'epg-lc-001', lang: 'es' })).epgList[0]?.programs[0];
    expect(es?.title).toBe(es?.multilingualList.find((m) => m.lang === 'es')?.title);
    const pt = (await epgV1({ epgId: 'epg-lc-001' }, { lang: 'pt-BR' })).epgList[0]?.programs[0];
    expect(pt?.content).toBe(pt?.multilingualList.find((m) => m.lang === 'pt')?.content);
    const fr = (await epgV1({ epgId: 'epg-lc-001' }, { lang: 'fr' })).epgList[0]?.programs[0];
    expect(fr?.title).toBe(fr?.multilingualList[0]?.title);
  });

  it('marks a channel without catch-up, leaves days beyond the window out', async () => {
    expect((await epgV1({ epgId: 'epg-lc-008' })).epgList[0]?.isCatchup).toBe(false);
    expect(
      (await epgV1({ epgId: 'epg-lc-001', date: '2026-06-04', futureDays: 3 })).epgList.map((e) => e.date),
    ).toEqual(['2026-06-04']);
    expect((await epgV1({ epgId: 'epg-unknown' })).epgList).toEqual([]);
  });

  it('refuses an unknown channel, a missing id and a bad date', async () => {
    expect((await t.post(L.epgQuery.path, { channelId: 'lc-999' })).body.errCode).toBe(
      ErrCode.CHANNEL_NOT_FOUND,
    );
    const none = await t.post(L.epgQuery.path, { date: '2026-06-01' });
    expect([none.body.errCode, none.body.errMsg]).toEqual([
      ErrCode.INVALID_REQUEST,
      expect.stringMatching(/epgId/),
    ]);
    expect((await t.post(L.epgQuery.path, { epgId: 'x', date: '1/6/2026' })).body.errMsg).toMatch(
      /YYYY-MM-DD/,
    );
    expect((await t.post(L.epgQuery.path, { epgId: 'x', pastDays: 8 })).body.errCode).toBe(
      ErrCode.INVALID_REQUEST,
    );
  });
});

describe('EPG query v2, checksums and multilingual', () => {
  it('answers one day for many guides', async () => {
    const { epgList } = await ok(
      L.epgQueryV2.path,
      { date: '2026-05-30', epgIdList: ['epg-lc-001', 'epg-lc-002', 'nope'] },
      (d) => L.epgQueryV2.response.parse(d),
    );
    expect(epgList.map((e) => [e.epgId, e.date])).toEqual([
      ['epg-lc-001', '2026-05-30'],
      ['epg-lc-002', '2026-05-30'],
    ]);
  });

  it('leaves multilingualList empty in v2 unless asked, and speaks the asked language', async () => {
    const parse = (d: unknown) => L.epgQueryV2.response.parse(d);
    const lean = await ok(
      L.epgQueryV2.path,
      { date: '2026-06-01', epgIdList: ['epg-lc-001'], lang: 'pt' },
      parse,
    );
    const full = await ok(
      L.epgQueryV2.path,
      { date: '2026-06-01', epgIdList: ['epg-lc-001'], withMultilingual: true },
      parse,
    );
    const [a, b] = [lean.epgList[0]?.programs[0], full.epgList[0]?.programs[0]];
    expect(a?.multilingualList).toEqual([]);
    expect(b?.multilingualList.map((m) => m.lang)).toEqual(['en', 'es', 'pt']);
    expect(a?.title).toBe(b?.multilingualList[2]?.title);
    expect(lean.epgList[0]?.checksum).toBe(full.epgList[0]?.checksum);
  });

  it('lists a checksum per guide and day, 7 back and 3 ahead by default, matching the guides', async () => {
    const { checksumList } = await checksums({});
    expect(checksumList.length).toBe(45 * 11);
    const one = await checksums({ epgIdList: ['epg-lc-002'], pastDays: 1, futureDays: 0 });
    expect(one.checksumList.map((c) => c.date)).toEqual(['2026-05-31', '2026-06-01']);
    const guide = await epgV1({ epgId: 'epg-lc-002', pastDays: 1 });
    expect(guide.epgList.map((e) => e.checksum)).toEqual(one.checksumList.map((c) => c.checksum));
  });

  it('answers a sync’s batch of many guides (looked up in slices) with exactly their days', async () => {
    const all = (await checksums({ pastDays: 1, futureDays: 0 })).checksumList;
    // 481 unknown ids that sort before the line-up's, so its 45 guides fall across two slices of 500.
    const unknown = Array.from({ length: 481 }, (_, i) => `a-${String(i).padStart(3, '0')}`);
    const known = [...new Set(all.map((c) => c.epgId))];
    expect(known).toHaveLength(45);
    const many = await checksums({ epgIdList: [...known, ...unknown], pastDays: 1, futureDays: 0 });
    const key = (c: { epgId: string; date: string; checksum: string }) =>
      `${c.epgId}|${c.date}|${c.checksum}`;
    expect(many.checksumList.map(key).sort()).toEqual(all.map(key).sort());
    const some = await checksums({ epgIdList: known.slice(0, 30), pastDays: 1, futureDays: 0 });
    expect(some.checksumList.map(key).sort()).toEqual(
      all
        .filter((c) => known.slice(0, 30).includes(c.epgId))
        .map(key)
        .sort(),
    );
    // The day call of the same batch: each known guide's day once, as the checksums say, with its programmes.
    const { epgList } = await ok(
      L.epgQueryV2.path,
      { date: '2026-06-01', epgIdList: [...unknown, ...known] },
      (d) => L.epgQueryV2.response.parse(d),
    );
    expect(epgList.map((e) => key(e)).sort()).toEqual(
      all
        .filter((c) => c.date === '2026-06-01')
        .map(key)
        .sort(),
    );
    expect(epgList.every((e) => e.programs.length > 0)).toBe(true);
  });

  it('changes a day’s checksum exactly when its programmes change', async () => {
    const before = await checksums({ epgIdList: ['epg-lc-003'] });
    const again = await checksums({ epgIdList: ['epg-lc-003'] });
    expect(again).toEqual(before);
    const programs = generateGuideDay('epg-lc-003', 'kids', '2026-06-02', true);
    (programs[0]?.texts[0] as { title: string }).title = 'Special';
    putGuideDay(t.server.db, 'epg-lc-003', '2026-06-02', programs, t.clock.now);
    const after = await checksums({ epgIdList: ['epg-lc-003'] });
    const changed = after.checksumList.filter((c, i) => c.checksum !== before.checksumList[i]?.checksum);
    expect(changed.map((c) => c.date)).toEqual(['2026-06-02']);
    const day = await epgV1({ epgId: 'epg-lc-003', date: '2026-06-02' });
    expect(day.epgList[0]?.programs[0]?.title).toBe('Special');
  });

  it('answers every language of programmes by id, leaving unknown ids out', async () => {
    const guide = await epgV1({ epgId: 'epg-lc-005' });
    const ids = guide.epgList[0]?.programs.slice(0, 2).map((p) => p.programId) ?? [];
    const { programList } = await ok(
      L.epgMultilingualQuery.path,
      { programIdList: [...ids, 'missing'] },
      (d) => L.epgMultilingualQuery.response.parse(d),
    );
    expect(programList.map((p) => p.programId)).toEqual(ids);
    expect(programList[0]?.multilingualList.map((m) => m.lang)).toEqual(['en', 'es', 'pt']);
    expect((await t.post(L.epgMultilingualQuery.path, { programIdList: [] })).body.errCode).toBe(
      ErrCode.INVALID_REQUEST,
    );
  });
});
