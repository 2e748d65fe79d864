import type { Selectable } from 'kysely';
import type { PlansTable } from './kysely/schema.generated.ts';
import type { Plan } from '@ottkit/api-client/contract';
import type { Db } from './db.ts';
import type { Lang } from '@ottkit/api-client/contract';

type PlanRow = Selectable<PlansTable>;

export function listPlans(db: Db): Plan[] {
  const langs = db.all<{ plan_id: string; lang: string; plan_name: string; description: string }>(
    "SELECT * FROM plan_langs ORDER BY plan_id, CASE lang WHEN 'en' THEN 0 WHEN 'es' THEN 1 ELSE 2 END",
  );
  return db.all<PlanRow>('SELECT * FROM plans ORDER BY seq, plan_id').map((r) => ({
    planId: r.plan_id,
    url: r.url,
    // Prices are stored as decimal strings (exact); JSON carries them as numbers.
    price: Number(r.price),
    currency: r.currency as Plan['currency'],
    discountPrice: Number(r.discount_price),
    discountCurrency: r.discount_currency as Plan['currency'],
    productId: r.product_id,
    durationDays: r.duration_days,
    planLang: langs
      .filter((l) => l.plan_id === r.plan_id)
      .map((l) => ({
        lang: l.lang as Lang,
        planName: l.plan_name,
        description: l.description,
      })),
  }));
}

export function getPlan(db: Db, planId: string): Plan | undefined {
  return listPlans(db).find((p) => p.planId === planId);
}

/** The plan's columns after its id, in table order; prices stored as exact decimal strings. */
const planValues = (p: Plan) => [
  p.url,
  p.price.toFixed(2),
  p.currency,
  p.discountPrice.toFixed(2),
  p.discountCurrency,
  p.productId,
  p.durationDays,
];

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

/** Creates the plan (last in the list) or replaces its fields and names, keeping its place. */
export function savePlan(db: Db, p: Plan): void {
  db.transaction(() => {
    const seq = db.get<{ seq: number }>('SELECT seq FROM plans WHERE plan_id = ?', p.planId)?.seq;
    if (seq === undefined) {
      const last = db.get<{ m: number | null }>('SELECT MAX(seq) AS m FROM plans')?.m ?? 0;
      insertPlan(db, p, last + 1);
      return;
    }
    db.run(
      `UPDATE plans SET url = ?, price = ?, currency = ?, discount_price = ?, discount_currency = ?, product_id = ?,
         duration_days = ? WHERE plan_id = ?`,
      ...planValues(p),
      p.planId,
    );
    db.run('DELETE FROM plan_langs WHERE plan_id = ?', p.planId);
    insertLangs(db, p);
  });
}
