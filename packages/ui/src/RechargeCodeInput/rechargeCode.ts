/** Spec §5, §9: a recharge code is exactly 16 digits. */
export const RECHARGE_CODE_LENGTH = 16;

/** Digits only, as typed: everything else is stripped and the rest cut at 16. `'1234-5678'` → `'12345678'`. */
export function sanitizeRechargeCode(input: string): string {
  return input.replace(/\D+/g, '').slice(0, RECHARGE_CODE_LENGTH);
}

/** Confirm is enabled only at exactly 16 digits. */
export function isRechargeCodeComplete(code: string): boolean {
  return code.length === RECHARGE_CODE_LENGTH && /^\d+$/.test(code);
}
