import { routes } from '../packages/api-client/src/routes.generated.ts';
import { type APIRequestContext, expect } from '@playwright/test';
import { operator } from './operator.ts';

/** The password of accounts the journeys create. */
export const NEW_ACCOUNT_PASSWORD = 'secret123';
export const unique = (what: string) =>
  `e2e-${what}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The newest 4-digit code the outbox holds for an address (what the person reads in their mail). */
export function codeFor(address: string): string {
  const codes = [...operator('outbox', '--to', address).matchAll(/code is (\d{4})\./g)].map((m) => m[1]);
  const code = codes.at(-1);
  if (!code) throw new Error(`no code for ${address}`);
  return code;
}

/** A fresh account over the API (only the live-basic trial), logged in on `request`. */
export async function newAccount(request: APIRequestContext) {
  const email = unique('rc');
  const sent = await request.post(routes.account.verification.path, { data: { email, purpose: 'register' } });
  const { authenticationKey } = (await sent.json()).data;
  const reg = await request.post(routes.account.register.path, {
    data: {
      registerInfo: { email, password: NEW_ACCOUNT_PASSWORD, verificationCode: codeFor(email) },
      authenticationKey,
    },
  });
  expect((await reg.json()).errCode).toBe(0);
  return email;
}

/** A new single-use recharge code of a plan, made with the operator CLI (as an operator would). */
export function rechargeCode(planId: string): string {
  const code = /^\d{16}$/m.exec(operator('recharge-codes', 'create', '--plan', planId, '--count', '1'))?.[0];
  if (!code) throw new Error(`no recharge code made for ${planId}`);
  return code;
}
