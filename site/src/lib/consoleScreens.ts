import {
  auditList,
  type CallDescriptor,
  dashboardGet,
  guideUnmapped,
  homeGet,
  libraryList,
  lineupGuideDay,
  lineupList,
  liveChannels,
  noticeList,
  type OperatorRole,
  planAdminList,
  roleMayCall,
  settingsGet,
  sourceList,
  staffList,
  subscriberSearch,
  titleList,
} from '@ottkit/api-client/contract';
import type { AdminKey } from '../i18n/admin.ts';

/** The menu's groups, in its order (issue 37): what the line-up and live inputs are, what is watched, who watches, the service. */
export const CONSOLE_AREAS = ['live', 'library', 'subscribers', 'service'] as const;
export type ConsoleArea = (typeof CONSOLE_AREAS)[number];

/** One screen of the operator console (issue 38): where it is, what it is called and said to be, and who may use it. */
export interface ConsoleScreen {
  path: string;
  /** The menu group it is listed under. */
  area: ConsoleArea;
  /** Its name: the page's title, its navigation link and its card on the console home. */
  title: AdminKey;
  /** One line on the console home saying what it is for. */
  text: AdminKey;
  /** The call the screen is for: a role the server lets make it may open the screen (`roleMayCall`). */
  call: CallDescriptor;
}

/**
 * The console's screens, in the order the navigation and the home show them: the one list that drives the
 * navigation (`layouts/AdminLayout.astro`), the console home (`pages/admin/index.astro`) and each page's role check
 * (`lib/consoleGuard.ts`, by the page's path).
 */
export const CONSOLE_SCREENS: readonly ConsoleScreen[] = [
  {
    path: '/admin/dashboard',
    area: 'service',
    title: 'admin.nav.dashboard',
    text: 'admin.home.dashboard',
    call: dashboardGet,
  },
  {
    path: '/admin/subscribers',
    area: 'subscribers',
    title: 'admin.nav.subscribers',
    text: 'admin.home.subscribers',
    call: subscriberSearch,
  },
  {
    path: '/admin/audit',
    area: 'service',
    title: 'admin.nav.audit',
    text: 'admin.home.audit',
    call: auditList,
  },
  {
    path: '/admin/sources',
    area: 'live',
    title: 'admin.nav.sources',
    text: 'admin.home.sources',
    call: sourceList,
  },
  {
    path: '/admin/channels',
    area: 'live',
    title: 'admin.nav.channels',
    text: 'admin.home.channels',
    call: lineupList,
  },
  {
    path: '/admin/guide',
    area: 'live',
    title: 'admin.nav.guide',
    text: 'admin.home.guide',
    call: lineupGuideDay,
  },
  {
    path: '/admin/guide-mapping',
    area: 'live',
    title: 'admin.nav.guideMapping',
    text: 'admin.home.guideMapping',
    call: guideUnmapped,
  },
  {
    path: '/admin/notices',
    area: 'subscribers',
    title: 'admin.nav.notices',
    text: 'admin.home.notices',
    call: noticeList,
  },
  {
    path: '/admin/titles',
    area: 'library',
    title: 'admin.nav.titles',
    text: 'admin.home.titles',
    call: titleList,
  },
  {
    path: '/admin/libraries',
    area: 'library',
    title: 'admin.nav.libraries',
    text: 'admin.home.libraries',
    call: libraryList,
  },
  {
    path: '/admin/homepage',
    area: 'library',
    title: 'admin.nav.home.layout',
    text: 'admin.home.homeLayout',
    call: homeGet,
  },
  { path: '/admin/live', area: 'live', title: 'admin.nav.live', text: 'admin.home.live', call: liveChannels },
  {
    path: '/admin/plans',
    area: 'subscribers',
    title: 'admin.nav.plans',
    text: 'admin.home.plans',
    call: planAdminList,
  },
  {
    path: '/admin/settings',
    area: 'service',
    title: 'admin.nav.settings',
    text: 'admin.home.settings',
    call: settingsGet,
  },
  {
    path: '/admin/staff',
    area: 'service',
    title: 'admin.nav.staff',
    text: 'admin.home.staff',
    call: staffList,
  },
];

/** The screen at `pathname` (a trailing slash ignored), if it is one. */
export function screenAt(pathname: string): ConsoleScreen | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CONSOLE_SCREENS.find((s) => s.path === path);
}

/** The screens `role` may open, by menu group in the menu's order (groups it has none of left out). */
export function menuFor(role: OperatorRole): { area: ConsoleArea; screens: ConsoleScreen[] }[] {
  const mine = screensFor(role);
  return CONSOLE_AREAS.map((area) => ({ area, screens: mine.filter((s) => s.area === area) })).filter(
    (g) => g.screens.length > 0,
  );
}

/** The screens `role` may open: the only ones it is shown. */
export function screensFor(role: OperatorRole): ConsoleScreen[] {
  return CONSOLE_SCREENS.filter((s) => roleMayCall(role, s.call));
}
