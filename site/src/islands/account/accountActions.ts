import type { SessionResult } from '@ottkit/api-client';
import { ErrCode, isApiError } from '@ottkit/api-client/client';
import type { MessageKey } from '../../i18n/index.ts';
import { browserApi } from '../../lib/api.ts';
import { addressKind, phoneDigits, validateEmail, validatePhone } from '../../lib/validation.ts';
import type { TermsText } from './TermsDialog.tsx';

/** An address as the contract wants it: `{email}` or `{phonePreCode, phone}`; or the i18n key of the problem. */
export function parseAddress(
  address: string,
  preCode: string,
):
  | { ok: true; value: { email: string } | { phonePreCode: string; phone: string } }
  | { ok: false; key: MessageKey } {
  if (addressKind(address) === 'email') {
    const key = validateEmail(address);
    return key ? { ok: false, key } : { ok: true, value: { email: address } };
  }
  const phone = phoneDigits(address);
  const key = validatePhone(preCode, phone);
  return key ? { ok: false, key } : { ok: true, value: { phonePreCode: preCode, phone } };
}

const HOME = '/home';
const BACKSLASH = 0x5c;

function hasControlOrBackslash(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === BACKSLASH) return true;
  }
  return false;
}
/** A base no real page has, to resolve a target against and see whether it stays on it. */
const BASE = 'https://ottkit.invalid';

/**
 * Where to go after login: a path of this site from ?redirect=, else home; never another origin (ASVS 5.1.5).
 * The one reader of every redirect target. Browsers drop tabs and newlines inside URLs and read `\` as `/`,
 * so `/\t/evil.example` would become `//evil.example`: a target holding any control character or backslash
 * is refused outright, then it must resolve, as the browser would, to this origin.
 */
export function safeRedirect(raw: string | null): string {
  if (!raw?.startsWith('/') || hasControlOrBackslash(raw)) return HOME;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return HOME;
  }
  if (url.origin !== BASE || url.pathname.startsWith('/login')) return HOME;
  const path = url.pathname + url.search + url.hash;
  // Dot segments resolve away (`/..//host`, `/a/..//host`, `/%2e%2e//host` all become `//host`): what is
  // returned must itself still be a path, one `/` and no `\`, or a browser reads it as another host (issue 35).
  if (!isPlainPath(path)) return HOME;
  return path;
}

/** A path a browser resolves on this origin: one leading `/`, not followed by another `/` or a `\`. */
const isPlainPath = (path: string) => path.startsWith('/') && path[1] !== '/' && path[1] !== '\\';

/** The user-facing text of a failed account call: the spec §5 code text, else the server's message. */
export function errorText(e: unknown, t: (k: MessageKey) => string): string {
  if (isApiError(e)) {
    if (e.errCode === ErrCode.WRONG_VERIFICATION_CODE) return t('account.error.code');
    if (e.message) return e.message;
  }
  return t('account.error.generic');
}

/** Terms the caller must still sign (with a session), or every must-sign term (before sign-up). */
export async function pendingTerms(): Promise<TermsText[]> {
  const { contractList } = await browserApi.account.contractQuery({});
  const todo = contractList.filter((c) => c.mustSign && !c.signed);
  return Promise.all(
    todo.map((c) =>
      browserApi.account.contractDetail({ policyId: c.policyId, contractVersion: c.contractVersion }),
    ),
  );
}

/** Records the agreement to each of the terms for the session's account. */
export async function signTerms(terms: TermsText[], session: SessionResult): Promise<void> {
  for (const c of terms) {
    await browserApi.account.contractSign({
      policyId: c.policyId,
      contractVersion: c.contractVersion,
      virtualCode: session.userInfo.virtualCode,
    });
  }
}
