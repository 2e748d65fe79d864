import type { Selectable } from 'kysely';
import type { PlansTable } from './kysely/schema.generated.ts';
import type { Plan } from '@ottkit/api-client/contract';
import type { Db } from './db.ts';
import { lockRows, query, type Statements } from './kysely/transactionally.ts';
import { type Lang, LANGS } from '@ottkit/api-client/contract';

type PlanRow = Selectable<PlansTable>;

type PlanLangRow = { plan_id: string; lang: string; plan_name: string; description: string };

/** A plan's names in the languages' order (English first), any other language after them. */
const langRank = (lang: string) => {
  const i = LANGS.indexOf(lang as Lang);
  return i < 0 ? LANGS.length : i;
};

/** The plans in the operator's order, each with its names. */
function plansOf(rows: PlanRow[], langs: PlanLangRow[]): Plan[] {
  const byPlan = new Map<string, PlanLangRow[]>();
  for (const l of langs) byPlan.set(l.plan_id, [...(byPlan.get(l.plan_id) ?? []), l]);
  return rows.map((r) => ({
    planId: r.plan_id,
    url: r.url,
    // Prices are stored as decimal strings (exact); JSON carries them as numbers.
    price: Number(r.price),
    currency: r.currency as Plan['currency'],
    discountPrice: Number(r.discount_price),
    discountCurrency: r.discount_currency as Plan['currency'],
    productId: r.product_id,
    durationDays: r.duration_days,
    planLang: (byPlan.get(r.plan_id) ?? [])
      .sort((a, b) => langRank(a.lang) - langRank(b.lang))
      .map((l) => ({ lang: l.lang as Lang, planName: l.plan_name, description: l.description })),
  }));
}

export function listPlans(db: Db): Plan[] {
  return plansOf(
    db.all<PlanRow>('SELECT * FROM plans ORDER BY seq, plan_id'),
    db.all<PlanLangRow>('SELECT * FROM plan_langs'),
  );
}

/** `listPlans` on the asynchronous store: a viewer's purchase page asks it. */
export async function plansNow(db: Db): Promise<Plan[]> {
  const [rows, langs] = await Promise.all([
    db.kysely.selectFrom('plans').selectAll().orderBy('seq').orderBy('plan_id').execute(),
    db.kysely.selectFrom('plan_langs').selectAll().execute(),
  ]);
  return plansOf(rows, langs);
}

export function getPlan(db: Db, planId: string): Plan | undefined {
  return listPlans(db).find((p) => p.planId === planId);
}

/** `getPlan` on the asynchronous store: a redeemed code's plan. */
export async function planNow(db: Db, planId: string): Promise<Plan | undefined> {
  const [rows, langs] = await Promise.all([
    db.kysely.selectFrom('plans').selectAll().where('plan_id', '=', planId).execute(),
    db.kysely.selectFrom('plan_langs').selectAll().where('plan_id', '=', planId).execute(),
  ]);
  return plansOf(rows, langs)[0];
}

/** The plan's columns after its id, in table order; prices stored as exact decimal strings. */
const planColumns = (p: Plan) => ({
  url: p.url,
  price: p.price.toFixed(2),
  currency: p.currency,
  discount_price: p.discountPrice.toFixed(2),
  discount_currency: p.discountCurrency,
  product_id: p.productId,
  duration_days: p.durationDays,
});

const planValues = (p: Plan) => Object.values(planColumns(p));

function insertLangs(db: Db, p: Plan): void {
  for (const l of p.planLang) {
    db.run(
      'INSERT INTO plan_langs (plan_id, lang, plan_name, description) VALUES (?, ?, ?, ?)',
      p.planId,
      l.lang,
      l.planName,
      l.description,
    );
  }
}

export function insertPlan(db: Db, p: Plan, seq: number): void {
  db.transaction(() => {
    db.run(
      `INSERT INTO plans (plan_id, seq, url, price, currency, discount_price, discount_currency, product_id, duration_days)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      p.planId,
      seq,
      ...planValues(p),
    );
    insertLangs(db, p);
  });
}

/** The plan inside a transaction's body, its row locked for the change that follows (on PostgreSQL). */
export function* planIn(db: Db, planId: string): Statements<Plan | undefined> {
  const k = db.kysely;
  const rows = (yield* query(
    lockRows(db, k.selectFrom('plans').selectAll().where('plan_id', '=', planId)).compile(),
  )).rows;
  const langs = (yield* query(k.selectFrom('plan_langs').selectAll().where('plan_id', '=', planId).compile()))
    .rows;
  return plansOf(rows, langs)[0];
}

/**
 * Creates the plan (last in the list) or replaces its fields and names, keeping its place: statements of a
 * `transactionally` body (the console's save, with its audit entry).
 */
export function* savePlanIn(db: Db, p: Plan, exists: boolean): Statements<void> {
  const k = db.kysely;
  if (exists) {
    yield* query(k.updateTable('plans').set(planColumns(p)).where('plan_id', '=', p.planId).compile());
    yield* query(k.deleteFrom('plan_langs').where('plan_id', '=', p.planId).compile());
  } else {
    const [last] = (yield* query(
      k
        .selectFrom('plans')
        .select((eb) => eb.fn.max('seq').as('m'))
        .compile(),
    )).rows;
    const seq = Number(last?.m ?? 0) + 1;
    yield* query(
      k
        .insertInto('plans')
        .values({ plan_id: p.planId, seq, ...planColumns(p) })
        .compile(),
    );
  }
  const langs = p.planLang.map((l) => ({
    plan_id: p.planId,
    lang: l.lang,
    plan_name: l.planName,
    description: l.description,
  }));
  if (langs.length > 0) yield* query(k.insertInto('plan_langs').values(langs).compile());
}
