import type { UserInfo } from '@ottkit/api-client';
import { LoginMethod } from '@ottkit/api-client/client';

/**
 * The login identifier a member-site link carries (spec §6, methods of spec §9): the email for email (1) and
 * Google (6) logins, the phone with its country code for phone logins (2), the virtual code otherwise (8
 * guests, 7 QR logins, 13); 13 is sent as 8. See docs/decisions/0092.
 */
export function memberSiteLogin(
  user: Pick<UserInfo, 'loginMethod' | 'email' | 'phone' | 'phonePreCode' | 'virtualCode'>,
): { loginMethod: number; loginId: string } {
  switch (user.loginMethod) {
    case LoginMethod.EMAIL:
    case LoginMethod.GOOGLE:
      return { loginMethod: user.loginMethod, loginId: user.email };
    case LoginMethod.PHONE:
      return { loginMethod: LoginMethod.PHONE, loginId: `${user.phonePreCode}${user.phone}` };
    default: // virtual codes, QR logins and 13 (QR links)
      return { loginMethod: LoginMethod.VIRTUAL_CODE, loginId: user.virtualCode };
  }
}

export interface MemberSiteLinkInput {
  /** The member site (app configuration memberSiteUrl, or a plan's url resolved against it). */
  base: string;
  user: Pick<UserInfo, 'accountId' | 'loginMethod' | 'email' | 'phone' | 'phonePreCode' | 'virtualCode'>;
  memberSiteToken: string;
  appId: string;
  lang: string;
  planId?: string;
  /** Resolves a relative base (the sandbox at /member) against the page. */
  origin?: string;
}

/** A member-site link for a logged-in user (spec §6): account id, token, login id and method, app id, language. */
export function memberSiteLink(input: MemberSiteLinkInput): string {
  const url = new URL(input.base, input.origin ?? 'http://localhost');
  const { loginMethod, loginId } = memberSiteLogin(input.user);
  url.searchParams.set('accountId', input.user.accountId);
  url.searchParams.set('memberSiteToken', input.memberSiteToken);
  url.searchParams.set('loginId', loginId);
  url.searchParams.set('loginMethod', String(loginMethod));
  url.searchParams.set('appId', input.appId);
  url.searchParams.set('lang', input.lang);
  if (input.planId) url.searchParams.set('planId', input.planId);
  return input.origin || /^https?:/.test(input.base) ? url.href : url.pathname + url.search;
}
