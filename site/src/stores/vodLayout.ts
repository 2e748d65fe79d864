import type { AppProperty, LayoutConfig } from '@ottkit/api-client';

/** Spec §9 defaults, used when the app configuration is unavailable so the catalogue still renders. */
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

/** The layout config (spec §3) of the app configuration the middleware loaded, or the defaults. */
export function layoutConfigOf(
  appConfig: Pick<AppProperty, 'layoutConfig'> | null | undefined,
): LayoutConfig {
  return appConfig?.layoutConfig ?? DEFAULT_LAYOUT_CONFIG;
}
