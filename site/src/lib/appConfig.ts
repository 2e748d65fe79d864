import { type AppProperty, ZERO_TRUST_PROPERTY, ZERO_TRUST_REQUIRED_PROPERTY } from '@ottkit/api-client';
import { serverApi } from './api.ts';

/**
 * How long the server-side renderer trusts its copy of the app configuration: by default not at all, so an
 * operator's `config set` shows on the next page (renders at the same moment share one request, below). The
 * call is one loopback round trip; OTTKIT_SITE_CONFIG_TTL_MS trades that for a delay.
 */
export const APP_CONFIG_TTL_MS = Number(process.env.OTTKIT_SITE_CONFIG_TTL_MS ?? 0);

let cached: { value: AppProperty; at: number } | null = null;
let inFlight: Promise<AppProperty> | null = null;

/**
 * The operator's app configuration (business type, visitor mode, layout config), for server-side rendering.
 * Shared by all requests for a short while so a page view costs no extra round trip; null when the API is down
 * (pages then render with defaults and say what failed where they need data).
 */
export async function getAppConfig(now = Date.now()): Promise<AppProperty | null> {
  if (cached && now - cached.at < APP_CONFIG_TTL_MS) return cached.value;
  inFlight ??= serverApi()
    .account.appPropertyQuery({})
    .finally(() => {
      inFlight = null;
    });
  try {
    const value = await inFlight;
    cached = { value, at: now };
    return value;
  } catch (e) {
    console.error('app config unavailable', e);
    return cached?.value ?? null;
  }
}

let zeroTrustCache: { value: 'required' | 'available' | 'off'; at: number } | null = null;

/** Whether the operator sealed a zero-trust manifest, and whether the site may start without it. */
export async function getZeroTrustMode(now = Date.now()): Promise<'required' | 'available' | 'off'> {
  if (zeroTrustCache && now - zeroTrustCache.at < APP_CONFIG_TTL_MS) return zeroTrustCache.value;
  try {
    const { properties } = await serverApi().account.manifestProperty({});
    const value = !properties[ZERO_TRUST_PROPERTY]
      ? 'off'
      : properties[ZERO_TRUST_REQUIRED_PROPERTY] === 'true'
        ? 'required'
        : 'available';
    zeroTrustCache = { value, at: now };
    return value;
  } catch {
    return zeroTrustCache?.value ?? 'off';
  }
}
