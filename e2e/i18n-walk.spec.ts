import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { freeTrialStatusSchema, rechargeStatusSchema } from '../packages/api-client/src/contract/account.ts';
import { routes } from '../packages/api-client/src/routes.generated.ts';
import { en, es, pt } from '../site/src/i18n/catalogue.ts';
import { kitMessages } from '../site/src/i18n/kit.ts';
import { playerMessages } from '../site/src/i18n/player.ts';
import { seriousViolationsHere } from './axe.ts';
import { operator } from './operator.ts';
import { api, logIn } from './session.ts';
import { settled } from './settled.ts';

// Issue 14.9: every page in Spanish and Portuguese, as the subscriber and the guest, shows no English word of
// the English texts that the language does not also use, and no raw code (statuses, plan, product and
// category ids, country codes standing alone).
//
// The Spanish walks also run axe-core on every page they open (decision 0368): keyboard and screen-reader access,
// no serious or critical WCAG 2.x A/AA violation, for the guest and the subscriber. They open every page
// accessibility.spec.ts opened in English and six more, and the markup is the same in every language.

type Lang = 'es' | 'pt';
// The walks run under the installable app's worker, as a returning viewer has it (the other journeys block it,
// decision 0375).
test.use({ serviceWorkers: 'allow' });

const LANGS: Lang[] = ['es', 'pt'];
/** The language whose walks also check accessibility. */
const AXE_LANG: Lang = 'es';

/** What the page shows that is wrong: the language's findings and, in AXE_LANG, accessibility violations. */
async function check(page: Page, lang: Lang, seen: Known, label: string): Promise<string[]> {
  const found = (await findings(page, lang, seen)).map((f) => `${label}: ${f}`);
  if (lang === AXE_LANG) found.push(...(await seriousViolationsHere(page, label)));
  return found;
}
const axeToo = (lang: Lang) => (lang === AXE_LANG ? ', with no serious accessibility violation' : '');
const catalogues = { en, es, pt };

const words = (texts: string[]) =>
  new Set(
    texts.flatMap((v) => v.replace(/\{\w+\}/g, ' ').match(/\p{L}+/gu) ?? []).map((w) => w.toLowerCase()),
  );

/** Month and day names the language's dates are written with ("out." is outubro, not "out"). */
function calendarWords(lang: Lang): string[] {
  const days = Array.from({ length: 12 }, (_, m) => Date.UTC(2031, m, 1 + m));
  return (['short', 'long'] as const).flatMap((width) =>
    days.flatMap((d) => [
      new Intl.DateTimeFormat(lang, { month: width, timeZone: 'UTC' }).format(d),
      new Intl.DateTimeFormat(lang, { weekday: width, timeZone: 'UTC' }).format(d),
    ]),
  );
}

/** Words of the English texts (site, kit and player) that the language's own texts never use. */
function englishOnly(lang: Lang): Set<string> {
  const mine = words([
    ...Object.values(catalogues[lang]),
    ...Object.values(kitMessages[lang]),
    ...Object.values(playerMessages[lang]),
    ...calendarWords(lang),
  ]);
  const english = words([
    ...Object.values(en),
    ...Object.values(kitMessages.en),
    ...Object.values(playerMessages.en),
  ]);
  return new Set([...english].filter((w) => w.length >= 3 && !mine.has(w)));
}

/** What a person reads: visible text, plus the labels a screen reader reads and input placeholders. */
function pageTexts(page: Page) {
  return page.evaluate(() => {
    const labels = [...document.querySelectorAll('[aria-label],[placeholder],[title],img[alt]')]
      .filter((el) => (el as HTMLElement).offsetParent !== null || el.closest('dialog[open]'))
      .flatMap((el) =>
        ['aria-label', 'placeholder', 'title', 'alt'].map((a) => el.getAttribute(a) ?? '').filter(Boolean),
      );
    // Leaves whose whole text is two capitals: a country code standing alone.
    const alone = [...document.querySelectorAll('body *')]
      .filter((el) => el.children.length === 0 && (el as HTMLElement).offsetParent !== null)
      .map((el) => el.textContent?.trim() ?? '')
      .filter((t) => /^[A-Z]{2}$/.test(t));
    // biome-ignore lint/performance/useDomNodeTextContent: what a person reads is the rendered text (no hidden nodes).
    return { text: document.body.innerText, labels, alone };
  });
}

interface Known {
  /** Proper names that stay as the operator wrote them (channel names, people), and what viewers typed (top searches). */
  names: string[];
  /** Ids the API uses that a person must never read. */
  ids: string[];
  /** Operator names (categories, products, plans) in English where the language has its own. */
  english: string[];
}

/** One call in a language (the `lang` header the site's client sends); fails unless the envelope says success. */
async function call<T>(page: Page, path: string, data: object, lang: string): Promise<T> {
  const res = await page.request.post(path, { data, headers: { lang } });
  const body = (await res.json()) as { errCode: number; errMsg: string; data: T };
  expect(body.errCode, `${path}: ${body.errMsg}`).toBe(0);
  return body.data;
}

type Lineup = { channelListInfo: { logicalChannelName: string }[]; channelColumnInfo: Column[] };
type Column = { columnId: string; columnName: string };
type Plans = {
  planList: { planId: string; productId: string; planLang: { lang: string; planName: string }[] }[];
};
type User = { subscriptionList: { productId: string; productName?: string }[] };

async function known(page: Page, lang: Lang, user: boolean): Promise<Known> {
  const [mine, en] = await Promise.all(
    [lang, 'en'].map((l) => call<Lineup>(page, routes.live.channelList.path, {}, l)),
  );
  const plans = await call<Plans>(page, routes.account.planList.path, {}, lang);
  const top = await page.request.get(`${routes.vod.searchTopx.path}?pageSize=50`);
  const keywords = ((await top.json()).data.list as { keyword: string }[]).map((k) => k.keyword);
  const english = (en?.channelColumnInfo ?? [])
    .map((c) => c.columnName)
    .filter((name) => !mine?.channelColumnInfo.some((c) => c.columnName === name));
  for (const p of plans.planList) {
    const name = (l: string) => p.planLang.find((t) => t.lang === l)?.planName;
    if (name(lang) && name(lang) !== name('en')) english.push(name('en') as string);
  }
  if (user) {
    const [here, there] = await Promise.all(
      [lang, 'en'].map((l) => call<User>(page, routes.account.userInfo.path, {}, l)),
    );
    for (const s of there?.subscriptionList ?? []) {
      const local = here?.subscriptionList.find((h) => h.productId === s.productId)?.productName;
      if (s.productName && local !== s.productName) english.push(s.productName);
    }
  }
  return {
    names: [...(mine?.channelListInfo ?? []).map((c) => c.logicalChannelName), ...keywords],
    ids: [
      ...(mine?.channelColumnInfo ?? []).map((c) => c.columnId),
      ...plans.planList.flatMap((p) => [p.planId, p.productId]),
    ],
    english,
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const CODES = new Set<string>([...rechargeStatusSchema.options, ...freeTrialStatusSchema.options]);
// Spec §8 quality names are words a viewer reads (SD, HD…), not country codes.
const QUALITY = new Set(['SD', 'HD', 'LQ', 'HQ', 'SQ']);
const regionName = new Intl.DisplayNames(['en'], { type: 'region' });
const isRegion = (code: string) => !QUALITY.has(code) && regionName.of(code) !== code;

/** Everything on the page that is English-only or a raw code, as readable findings. */
async function findings(page: Page, lang: Lang, seen: Known): Promise<string[]> {
  const english = englishOnly(lang);
  const ownWords = new Set(Object.values(catalogues[lang]).flatMap((v) => v.match(/\p{L}+/gu) ?? []));
  const { text, labels, alone } = await pageTexts(page);
  const out: string[] = [];
  for (const raw of [text, ...labels]) {
    let t = raw;
    for (const name of [...seen.names].sort((a, b) => b.length - a.length))
      t = t.replace(new RegExp(`(?<!\\p{L})${escapeRegExp(name)}(?!\\p{L})`, 'gu'), ' ');
    for (const name of seen.english)
      if (new RegExp(`(^|[^\\p{L}])${escapeRegExp(name)}($|[^\\p{L}])`, 'u').test(t))
        out.push(`English name "${name}"`);
    for (const line of t.split('\n')) {
      const bad = (line.match(/\p{L}+/gu) ?? []).filter((w) => english.has(w.toLowerCase()));
      if (bad.length) out.push(`English ${bad.join(', ')} in "${line.trim().slice(0, 80)}"`);
      for (const code of line.match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*\b/g) ?? [])
        if (CODES.has(code) || code.includes('_')) out.push(`code ${code} in "${line.trim().slice(0, 80)}"`);
      const tokens = line.split(/\s+/);
      tokens.forEach((token, i) => {
        const code = token.replace(/^\p{P}+|\p{P}+$/gu, '');
        // "AO VIVO" (capitals by CSS) is words; "nacido en 1975, US" is a code.
        const capitalsNear = [tokens[i - 1], tokens[i + 1]].some((n) => n && /^\p{Lu}{2,}$/u.test(n));
        if (/^[A-Z]{2}$/.test(code) && isRegion(code) && !ownWords.has(code) && !capitalsNear)
          out.push(`country code ${code} in "${line.trim().slice(0, 80)}"`);
      });
      for (const id of seen.ids)
        if (new RegExp(`(^|[^\\w-])${escapeRegExp(id)}($|[^\\w-])`).test(line))
          out.push(`id ${id} in "${line.trim().slice(0, 80)}"`);
    }
  }
  for (const code of alone) if (isRegion(code)) out.push(`country code ${code} standing alone`);
  return [...new Set(out)];
}

async function hydrated(page: Page) {
  await expect(
    page.locator('astro-island[ssr][client="load"], astro-island[ssr][client="idle"]'),
  ).toHaveCount(0);
}

/** Opens a page and waits until its islands hydrated and its data arrived (`ready` is what proves it). */
async function visit(page: Page, path: string, ready: string) {
  await page.goto(path);
  await hydrated(page);
  await expect(page.locator(ready).first()).toBeVisible();
}

async function withLang(context: BrowserContext, lang: Lang, baseURL: string) {
  await context.addCookies([{ name: 'ottkit_lang', value: lang, url: baseURL }]);
}

async function firstMeta(page: Page, type: 'MOVIE' | 'SERIES') {
  const { playlists } = await api<{ playlists: { playlistId: string; levelType: number }[] }>(
    page,
    routes.vod.playlistRoot.path,
    {},
  );
  const ids = playlists.filter((p) => p.levelType === 99).map((p) => p.playlistId);
  const batch = await api<{ playlists: { list: { metaId: string; metaType: string }[] }[] }>(
    page,
    routes.vod.batchPlaylist.path,
    { playlistIds: ids },
  );
  const meta = batch.playlists.flatMap((p) => p.list).find((c) => c.metaType === type);
  if (!meta) throw new Error(`no ${type} on home`);
  return meta.metaId;
}

/** The subscriber's walk over every page, then the purchase dialog. */
async function walk(
  page: Page,
  lang: Lang,
  seen: Known,
  movie: string,
  series: string,
  person: string,
  mismatches: string[],
) {
  const pages: [string, string][] = [
    ['/home', 'main a[href^="/vod/detail/"]'],
    ['/liveTv', '[data-live-ready="true"] [data-channel-id], [data-live-ready="true"] li'],
    [`/vod/detail/${movie}`, 'main h1'],
    [`/vod/detail/${series}`, 'main h1'],
    ['/vod/type/movie', 'main a[href^="/vod/detail/"]'],
    [`/person/${person}`, 'main h1'],
    [`/search?keyword=${lang === 'es' ? 'Noche' : 'Noite'}`, 'main a[href^="/vod/detail/"]'],
    ['/favorites', 'main a[href^="/vod/detail/"]'],
    ['/history', 'main a[href^="/vod/detail/"]'],
    ['/my', '[data-ready="true"]'],
    ['/my/subscribe', '[data-ready="true"]'],
    ['/my/password', '[data-ready="true"]'],
    ['/my/notifications', '[data-ready="true"]'],
    // Last: its purchase dialog is opened from it below.
    ['/my/plan', '[data-ready="true"] [data-product]'],
  ];
  const all: string[] = [];
  for (const [path, ready] of pages) {
    await visit(page, path, ready);
    await settled(page, 500, 5_000);
    all.push(...(await check(page, lang, seen, path)));
  }
  // The purchase dialog with the plans, opened from the plan page the walk ends on.
  await page.locator('.account-primary').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').locator('button, a').nth(1)).toBeVisible();
  all.push(...(await check(page, lang, seen, 'purchase dialog')));
  expect(all).toEqual([]);
  expect(mismatches).toEqual([]);
}

for (const lang of LANGS) {
  test(`every page in ${lang} speaks ${lang} to the subscriber and shows no raw code${axeToo(lang)}`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    // Dates and prices are written on the server and again on hydration: both must agree in the language.
    const mismatches: string[] = [];
    page.on('pageerror', (e) => {
      if (/#41[89]|#42[1-5]|Hydration failed|did not match/i.test(e.message)) mismatches.push(e.message);
    });
    await withLang(context, lang, baseURL as string);
    await logIn(page);
    const seen = await known(page, lang, true);
    const movie = await firstMeta(page, 'MOVIE');
    const series = await firstMeta(page, 'SERIES');
    const { credits } = await api<{ credits: { personId: string }[] }>(page, routes.vod.detail.path, {
      metaId: movie,
    });
    // Favourite and history entries so those pages have rows to read (removed again at the end: other
    // journeys start from the seeded profile).
    await api(page, routes.vod.favorAdd.path, { metaId: movie });
    await api(page, routes.vod.historyAdd.path, { metaId: movie, playedTime: 60, totalDuration: 600 });
    try {
      await walk(page, lang, seen, movie, series, credits[0]?.personId ?? '', mismatches);
    } finally {
      await api(page, routes.vod.favorBatchDelete.path, { metaIds: [movie] });
      await api(page, routes.vod.historyBatchDelete.path, { metaIds: [movie] });
    }
  });

  test(`the guest's pages in ${lang} speak ${lang}${axeToo(lang)}`, async ({ page, context, baseURL }) => {
    test.setTimeout(120_000);
    await withLang(context, lang, baseURL as string);
    const all: string[] = [];
    await visit(page, '/login', '[data-ready="true"]');
    const seen = await known(page, lang, false);
    all.push(...(await check(page, lang, seen, '/login')));
    for (const [path, ready] of [
      ['/home', 'main a[href^="/vod/detail/"]'],
      ['/liveTv', '[data-live-ready="true"] li'],
      [`/search?keyword=${lang === 'es' ? 'Noche' : 'Noite'}`, 'main a[href^="/vod/detail/"]'],
    ] as const) {
      await visit(page, path, ready);
      await settled(page, 500, 5_000);
      all.push(...(await check(page, lang, seen, path)));
    }
    expect(all).toEqual([]);
  });
}

// The plan cards show when the operator has a member site (spec §5): the sandbox one of this product.
test('prices follow the language and the plan currency; a far-off end is a date, not "1815 d"', async ({
  page,
  context,
  baseURL,
}) => {
  operator('config', 'set', 'memberSiteUrl', `${baseURL}/member`);
  try {
    const expected: Record<Lang, { USD: string; MXN: string; BRL: string; until: RegExp }> = {
      es: {
        USD: '9,99 US$',
        MXN: '89,00 MXN',
        BRL: '249,90 R$',
        until: /^Hasta el \d{1,2} \p{L}+\.? \d{4}$/u,
      },
      pt: {
        USD: 'US$ 9,99',
        MXN: 'MX$ 89,00',
        BRL: 'R$ 249,90',
        until: /^Até \d{1,2} de \p{L}+\.? de \d{4}$/u,
      },
    };
    await logIn(page);
    for (const lang of LANGS) {
      await withLang(context, lang, baseURL as string);
      await visit(page, '/my/plan', '[data-ready="true"] [data-product]');
      await page.locator('.account-primary').first().click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.locator('li[data-discount]')).toHaveCount(4);
      const prices = (
        await dialog.locator('li[data-discount] p:has(s), li[data-discount] p').allInnerTexts()
      ).map((p) => p.replace(/\s+/g, ' '));
      const joined = prices.join(' | ');
      for (const c of ['USD', 'MXN', 'BRL'] as const) expect(joined, lang).toContain(expected[lang][c]);
      // The Mexican plan is never a bare dollar beside the US ones.
      expect(joined).not.toMatch(/(^|\s)\$ ?89/);

      await visit(page, '/vod/type/movie', 'main a[href^="/vod/detail/"]');
      const badges = await page.locator('[data-badge="remaining"]').allInnerTexts();
      expect(badges.length, `${lang}: some seeded titles leave the catalogue in years`).toBeGreaterThan(0);
      for (const b of badges) expect(b.replace(/\s+/g, ' ').trim(), lang).toMatch(expected[lang].until);
    }
  } finally {
    operator('config', 'set', 'memberSiteUrl', '');
  }
});

// One time-of-day rule per language (decision 0140): the guide (the kit) and the player's bar write times alike,
// 12-hour in English, 24-hour in Spanish and Portuguese, whatever the browser's own locale.
test('the guide and the player bar write times with the same rule of the language', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const rule: Record<'en' | Lang, RegExp> = {
    en: /^\d{1,2}:\d{2}\s[AP]M$/,
    es: /^\d{1,2}:\d{2}$/,
    pt: /^\d{1,2}:\d{2}$/,
  };
  await logIn(page);
  for (const lang of ['en', ...LANGS] as const) {
    await context.addCookies([{ name: 'ottkit_lang', value: lang, url: baseURL as string }]);
    await visit(page, '/liveTv?id=lc-001', 'li[data-program-id]');
    await expect(page.locator('.ottkit-bar-time').first()).toBeVisible({ timeout: 30_000 });
    const bar = await page.locator('.ottkit-bar-time').allInnerTexts();
    const row = (await page.locator('li[data-program-id]').first().allInnerTexts())[0] ?? '';
    const guide = /^(.+?) – (.+?)$/m.exec(row)?.slice(1) ?? [];
    expect(guide, `${lang}: ${row}`).toHaveLength(2);
    for (const time of [...bar, ...guide])
      expect(time.trim(), `${lang}: bar ${bar}, guide ${guide}`).toMatch(rule[lang]);
  }
});
