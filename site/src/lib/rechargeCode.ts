/** Recharge codes (spec §5): digits only, stripped as typed, exactly 16 to confirm. No schema library needed. */
export const RECHARGE_CODE_LENGTH = 16;
export const sanitizeRechargeCode = (v: string) => v.replace(/\D/g, '').slice(0, RECHARGE_CODE_LENGTH);
export const rechargeCodeComplete = (v: string) => /^\d{16}$/.test(v);
