// The code's length is the host's to give (the contract's `RECHARGE_CODE_LENGTH`, spec §5, §9): the kit imports
// no value of the api-client (DESIGN §2), and keeps no copy of the rule either (issue 38, decision 0388).

/**
 * Digits only, as typed: everything else is stripped and the rest cut at `length`.
 *
 * @example sanitizeRechargeCode('1234-5678', 16) // '12345678'
 */
export function sanitizeRechargeCode(input: string, length: number): string {
  return input.replace(/\D+/g, '').slice(0, length);
}

/** Confirm is enabled only at exactly `length` digits. */
export function isRechargeCodeComplete(code: string, length: number): boolean {
  return code.length === length && /^\d+$/.test(code);
}
