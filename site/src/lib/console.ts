import { createClient } from '@ottkit/api-client/client';
import { type CallDescriptor, OperatorErrCode, operatorContract } from '@ottkit/api-client/contract';
import { ErrCode } from '@ottkit/api-client';
import type { AdminKey, AdminT } from '../i18n/admin.ts';

/**
 * The console's client in the browser: same origin, the operator session travels in its HttpOnly cookie on
 * /admin (decision 0210). The console's islands import the operator contract with its schemas, to validate
 * forms with them; subscribers' pages never load this module.
 */
export const consoleApi = createClient(
  { lang: () => (typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en') },
  operatorContract,
);

/** Field errors of a form from a call's request schema: the first issue per top-level field. */
export function fieldErrors(d: CallDescriptor, input: unknown): Record<string, string> | null {
  const parsed = d.request.safeParse(input);
  if (parsed.success) return null;
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    out[field] ??= issue.message;
  }
  return out;
}

const KNOWN: Record<number, AdminKey> = {
  [OperatorErrCode.WRONG_CREDENTIALS]: 'admin.error.credentials',
  [OperatorErrCode.WRONG_CODE]: 'admin.error.wrongCode',
  [OperatorErrCode.CHALLENGE_EXPIRED]: 'admin.error.expired',
  [OperatorErrCode.ROLE_REFUSED]: 'admin.roleRefused',
  [ErrCode.TOO_MANY_ATTEMPTS]: 'admin.error.tooMany',
  [OperatorErrCode.PART_TAKEN]: 'admin.series.error.taken',
  [OperatorErrCode.PROBE_BUSY]: 'admin.live.test.busy',
  [OperatorErrCode.LIBRARY_EXISTS]: 'admin.libraries.error.exists',
};

/** A failed call in the console's words: the known codes translated, anything else with the server's message. */
export function consoleErrorText(e: unknown, t: AdminT): string {
  const code = (e as { errCode?: unknown }).errCode;
  const known = typeof code === 'number' ? KNOWN[code] : undefined;
  if (known) return t(known);
  if (code === OperatorErrCode.SIGN_IN_REQUIRED && typeof window !== 'undefined') {
    window.location.assign('/admin/login');
  }
  return t('admin.error.generic', { message: e instanceof Error ? e.message : String(e) });
}
