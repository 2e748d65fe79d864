import {
  CHANNEL_MARQUEE_MODE,
  MARQUEE_MODES,
  NOTICE_DEFAULTS,
  type NoticeCompose,
  POPUP_MODES,
} from '@ottkit/api-client/contract';
import type { AdminKey } from '../../../i18n/admin.ts';

/** The compose form's fields as typed (text inputs), turned into the call's body by `draftToRequest`. */
export interface NoticeDraft {
  msg: string;
  title: string;
  priority: string;
  modes: number[];
  /** Logical channel ids, comma-separated (the channel marquee). */
  channels: string;
  interval: string;
  times: string;
  background: string;
  text: string;
  size: string;
  /** `datetime-local` values in the operator's own time zone; empty: now / until withdrawn. */
  startsAt: string;
  endsAt: string;
}

const d = NOTICE_DEFAULTS;
export const EMPTY_DRAFT: NoticeDraft = {
  msg: '',
  title: d.title,
  priority: String(d.priority),
  modes: [],
  channels: '',
  interval: String(d.displayInterval),
  times: String(d.displayTimes),
  background: d.properties.backgroundcolor,
  text: d.properties.textcolor,
  size: String(d.properties.textsize),
  startsAt: '',
  endsAt: '',
};

/** Every display mode in the order the form lists them: marquees, the channel marquee, then popups. */
export const FORM_MODES: readonly number[] = [...MARQUEE_MODES, CHANNEL_MARQUEE_MODE, ...POPUP_MODES];
export const isMarqueeMode = (m: number) => MARQUEE_MODES.includes(m) || m === CHANNEL_MARQUEE_MODE;
export const isPopupMode = (m: number) => POPUP_MODES.includes(m);

/** A typed number, or NaN for the schema to refuse (an empty field is not 0). */
const num = (v: string) => (v.trim() === '' ? Number.NaN : Number(v));
/** A `datetime-local` value as epoch ms in the browser's time zone; empty is none. */
const at = (v: string) => (v ? new Date(v).getTime() : null);

export function draftToRequest(f: NoticeDraft): NoticeCompose {
  return {
    msg: f.msg,
    title: f.title,
    priority: num(f.priority),
    displayMode: [...f.modes].sort((a, b) => a - b) as NoticeCompose['displayMode'],
    displayChannel: f.channels
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
    displayInterval: num(f.interval),
    displayTimes: num(f.times),
    properties: { backgroundcolor: f.background, textcolor: f.text, textsize: num(f.size) },
    startsAt: at(f.startsAt),
    endsAt: at(f.endsAt),
  };
}

/** The console's words for a field the schema refused (the schema's own messages are English only). */
export const NOTICE_FIELD_ERRORS: Record<string, AdminKey> = {
  msg: 'admin.notices.error.msg',
  title: 'admin.notices.error.title',
  displayMode: 'admin.notices.error.modes',
  displayChannel: 'admin.notices.error.channels',
  priority: 'admin.notices.error.number',
  displayInterval: 'admin.notices.error.number',
  displayTimes: 'admin.notices.error.number',
  properties: 'admin.notices.error.looks',
  startsAt: 'admin.notices.error.when',
  endsAt: 'admin.notices.error.end',
};
