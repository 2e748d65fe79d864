import type { AppProperty, LayoutConfig } from '@ottkit/api-client';
import { atom } from 'nanostores';

/** Spec §9 defaults, used when the app property query fails so the catalogue still renders. */
export const DEFAULT_LAYOUT_CONFIG: LayoutConfig = {
  play_history_report_interval: 60,
  hide_unsubscribe_channel: false,
  msg_chk_int: 600,
  popular_search_switch: true,
  more_like_this_switch: true,
  home_live_layout_switch: false,
  custom_modify_passwd_option: '',
  home_live_category: '',
};

export interface VodAppConfig {
  businessType: AppProperty['businessType'];
  layoutConfig: LayoutConfig;
}

/** The layout config the page was rendered with; islands read the report interval from it. */
export const $vodLayout = atom<LayoutConfig>(DEFAULT_LAYOUT_CONFIG);

// Server-side memo: every catalogue page needs the layout config, and it changes rarely.
const MEMO_MS = 30_000;
let memo: { at: number; value: VodAppConfig } | null = null;

/**
 * The business type and layout config (spec §3) for a server render, memoised for 30 s.
 * @example const { layoutConfig } = await loadVodAppConfig(() => api.account.appPropertyQuery({}));
 */
export async function loadVodAppConfig(
  query: () => Promise<Pick<AppProperty, 'businessType' | 'layoutConfig'>>,
  now = Date.now(),
): Promise<VodAppConfig> {
  if (memo && now - memo.at < MEMO_MS) return memo.value;
  try {
    const { businessType, layoutConfig } = await query();
    memo = { at: now, value: { businessType, layoutConfig } };
    return memo.value;
  } catch (e) {
    console.error('vod: app property query failed, using defaults', e);
    return { businessType: 'liveAndVod', layoutConfig: DEFAULT_LAYOUT_CONFIG };
  }
}

/** Spec §2: a live-only product sends every VOD route to live TV. */
export const vodReachable = (businessType: VodAppConfig['businessType']) => businessType !== 'live';

/** Forgets the memo (tests). */
export function resetVodAppConfigMemo() {
  memo = null;
}
