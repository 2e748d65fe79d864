import type { Plan } from '@ottkit/api-client/contract';
import { LoginMethod } from '@ottkit/api-client/contract';
import { hashPasswordSync } from '../domain/passwords.ts';
import { createRechargeBatch } from '../domain/recharge.ts';
import { insertAccount, putSubscription } from '../store/accounts.ts';
import { insertContract } from '../store/contracts.ts';
import type { Db } from '../store/db.ts';
import { insertPlan } from '../store/plans.ts';
import { PRODUCT_LIVE_BASIC, PRODUCT_LIVE_SPORTS, SEED_TIME } from './channels.ts';

/** Sample credentials (documented in the README; sample data, not secrets). */
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_SUBSCRIBED = {
  accountId: 'acc-demo-subscribed',
  email: 'demo@ottkit.test',
  virtualCode: '1000000001',
};
export const DEMO_NO_AUTHORITY = {
  accountId: 'acc-demo-free',
  email: 'free@ottkit.test',
  virtualCode: '1000000002',
};
/** Recharge codes for the monthly plan, then for the sports plan (single use, like real ones). */
export const DEMO_RECHARGE_CODES = {
  'plan-monthly': [
    '1111222233330001',
    '1111222233330002',
    '1111222233330003',
    '1111222233330004',
    '1111222233330005',
  ],
  'plan-sports': ['2222333344440001', '2222333344440002'],
};
/** Subscriptions of the demo user end here: 2036-01-01. */
export const DEMO_EXPIRY = Date.UTC(2036, 0, 1);

const langs = (en: [string, string], es: [string, string], pt: [string, string]) => [
  { lang: 'en' as const, planName: en[0], description: en[1] },
  { lang: 'es' as const, planName: es[0], description: es[1] },
  { lang: 'pt' as const, planName: pt[0], description: pt[1] },
];

export const seedPlans: Plan[] = [
  {
    planId: 'plan-monthly',
    url: '/my/plan?planId=plan-monthly',
    price: 9.99,
    currency: 'USD',
    discountPrice: 0,
    discountCurrency: 'USD',
    productId: PRODUCT_LIVE_BASIC,
    durationDays: 30,
    planLang: langs(
      ['Monthly', 'All live channels with 7-day catch-up, for 30 days.'],
      ['Mensual', 'Todos los canales en vivo con 7 días de catch-up, durante 30 días.'],
      ['Mensal', 'Todos os canais ao vivo com 7 dias de catch-up, por 30 dias.'],
    ),
  },
  {
    planId: 'plan-quarterly',
    url: '/my/plan?planId=plan-quarterly',
    price: 29.97,
    currency: 'USD',
    discountPrice: 24.99,
    discountCurrency: 'USD',
    productId: PRODUCT_LIVE_BASIC,
    durationDays: 90,
    planLang: langs(
      ['Quarterly', 'Three months of live TV for the price of two and a half.'],
      ['Trimestral', 'Tres meses de TV en vivo al precio de dos y medio.'],
      ['Trimestral', 'Três meses de TV ao vivo pelo preço de dois e meio.'],
    ),
  },
  {
    planId: 'plan-sports',
    url: '/my/plan?planId=plan-sports',
    price: 89,
    currency: 'MXN',
    discountPrice: 0,
    discountCurrency: 'MXN',
    productId: PRODUCT_LIVE_SPORTS,
    durationDays: 30,
    planLang: langs(
      ['Sports add-on', 'World Sports and Sports Extra for 30 days.'],
      ['Complemento deportes', 'World Sports y Sports Extra durante 30 días.'],
      ['Complemento esportes', 'World Sports e Sports Extra por 30 dias.'],
    ),
  },
  {
    planId: 'plan-annual-br',
    url: '/my/plan?planId=plan-annual-br',
    price: 299.9,
    currency: 'BRL',
    discountPrice: 249.9,
    discountCurrency: 'BRL',
    productId: PRODUCT_LIVE_BASIC,
    durationDays: 365,
    planLang: langs(
      ['Annual (Brazil)', 'A year of live TV, billed in reais.'],
      ['Anual (Brasil)', 'Un año de TV en vivo, facturado en reales.'],
      ['Anual (Brasil)', 'Um ano de TV ao vivo, cobrado em reais.'],
    ),
  },
];

const TERMS = `These sample terms govern the use of the ottkit demo service. You may watch the content for personal,
non-commercial use. Do not share your account. We may change the line-up. Scroll to the end and choose
'Agree and log in' to accept.`;
const PRIVACY = `This sample privacy policy explains what the demo service stores: your email or phone number, a hashed
password, your subscriptions and what you watched, to resume playback. Nothing is sold or shared.`;

export interface SeedSecrets {
  secret: string;
  passwordHashLog2N: number;
}

function demoUser(db: Db, who: typeof DEMO_SUBSCRIBED, name: string, hash: string, trial: string) {
  insertAccount(db, {
    account_id: who.accountId,
    kind: 'user',
    virtual_code: who.virtualCode,
    email: who.email,
    phone_pre_code: null,
    phone: null,
    phone_key: null,
    account_name: name,
    password_hash: hash,
    login_method: LoginMethod.EMAIL,
    country: 'US',
    device_id: null,
    free_trial_status: trial,
    free_trial_ends_at: null,
    created_at: SEED_TIME,
  });
}

/** Plans, terms, the two demo users and the demo recharge codes. */
export function seedAccounts(db: Db, s: SeedSecrets): void {
  seedPlans.forEach((p, i) => {
    insertPlan(db, p, i + 1);
  });
  insertContract(db, {
    policy_id: 'terms-of-service',
    contract_version: '1.0',
    seq: 1,
    title: 'Terms of service',
    content: TERMS,
    must_sign: 1,
    published_at: SEED_TIME,
  });
  insertContract(db, {
    policy_id: 'privacy-policy',
    contract_version: '1.0',
    seq: 1,
    title: 'Privacy policy',
    content: PRIVACY,
    must_sign: 1,
    published_at: SEED_TIME,
  });
  const hash = hashPasswordSync(DEMO_PASSWORD, s.passwordHashLog2N);
  demoUser(db, DEMO_SUBSCRIBED, 'Demo Subscriber', hash, 'RECHARGE_END');
  for (const product of [PRODUCT_LIVE_BASIC, PRODUCT_LIVE_SPORTS, 'vod-basic']) {
    putSubscription(db, DEMO_SUBSCRIBED.accountId, product, DEMO_EXPIRY);
  }
  db.run('UPDATE accounts SET recharged = 1 WHERE account_id = ?', DEMO_SUBSCRIBED.accountId);
  demoUser(db, DEMO_NO_AUTHORITY, 'Demo Without Plan', hash, 'EXPIRED_END');
  for (const [planId, codes] of Object.entries(DEMO_RECHARGE_CODES)) {
    createRechargeBatch(db, s.secret, planId, codes.length, SEED_TIME, codes);
  }
}
