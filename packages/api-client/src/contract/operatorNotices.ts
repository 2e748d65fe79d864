import { z } from 'zod';
import { defineCall } from './call.ts';
import { CHANNEL_MARQUEE_MODE, noticeInputSchema, noticeSchema } from './message.ts';
import { OPERATOR_API_PREFIX } from './operator.ts';

/**
 * The console's notices and notifications (issue 18 §6, decision 0245). Editors (and admins) write notices
 * and may notify everybody; support may notify one subscriber. Every change is audited.
 */
const p = (rest: string) => `${OPERATOR_API_PREFIX}notices/${rest}`;
const editor = ['editor'] as const;

/** What an operator leaves out: a dark strip with white 16 px text, shown once, no pause. */
export const NOTICE_DEFAULTS = {
  priority: 0,
  title: '',
  displayChannel: [] as string[],
  displayInterval: 0,
  displayTimes: 0,
  properties: { backgroundcolor: '#1f2937', textcolor: '#ffffff', textsize: 16 },
};

/** Where a notice is in its life: waiting for its start, showing, past its end, or withdrawn. */
export const NOTICE_STATUSES = ['scheduled', 'live', 'ended', 'withdrawn'] as const;

export const consoleNoticeSchema = noticeSchema.omit({ readStatus: true }).extend({
  /** Epoch ms it starts showing; null: from its creation. */
  startsAt: z.number().int().nullable(),
  /** Epoch ms it stops showing; null: until withdrawn. */
  endsAt: z.number().int().nullable(),
  withdrawnAt: z.number().int().nullable(),
  status: z.enum(NOTICE_STATUSES),
});
export type ConsoleNotice = z.output<typeof consoleNoticeSchema>;

const when = z.number().int().positive().nullable().optional();

/** A notice as the console composes it: the spec's fields, at least one display mode, and its schedule. */
export const noticeComposeSchema = noticeInputSchema
  .extend({
    displayMode: noticeInputSchema.shape.displayMode.min(1, 'Pick at least one place to show it').max(12),
    displayChannel: z.array(z.string().min(1).max(64)).max(500),
    startsAt: when,
    endsAt: when,
  })
  .strict()
  .superRefine((n, ctx) => {
    if (n.displayMode.includes(CHANNEL_MARQUEE_MODE as never) && n.displayChannel.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['displayChannel'],
        message: 'A channel marquee needs at least one channel',
      });
    }
    if (n.startsAt && n.endsAt && n.endsAt <= n.startsAt) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start' });
    }
  });
export type NoticeCompose = z.input<typeof noticeComposeSchema>;

export const noticeList = defineCall({
  area: 'operator',
  method: 'GET',
  path: p('list'),
  access: 'operator',
  roles: ['editor', 'support'],
  summary: 'Every notice with its schedule and status (scheduled, live, ended, withdrawn), newest first.',
  request: z.object({}).strict(),
  response: z.object({ notices: z.array(consoleNoticeSchema) }),
});

export const noticeCreate = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('create'),
  access: 'operator',
  roles: editor,
  summary: 'Publishes a popup or marquee notice, now or from `startsAt`, until `endsAt` or withdrawn.',
  request: noticeComposeSchema,
  response: z.object({ notice: consoleNoticeSchema }),
});

export const noticeWithdraw = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('withdraw'),
  access: 'operator',
  roles: editor,
  summary: 'Stops showing a notice at once (it stays listed as withdrawn).',
  request: z.object({ noticeId: z.string().min(1).max(64) }).strict(),
  response: z.object({ notice: consoleNoticeSchema }),
});

const message = {
  title: z.string().trim().min(1, 'Give the notification a title').max(120),
  content: z.string().trim().min(1, 'Write the message').max(2000),
};

export const notificationSend = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('notify'),
  access: 'operator',
  roles: ['editor', 'support'],
  summary:
    "Sends a notification to one subscriber's message centre; `to` is their email, account id or virtual code.",
  request: z
    .object({
      to: z.string().trim().min(1, 'Say who gets it: email, account id or code').max(200),
      ...message,
    })
    .strict(),
  response: z.object({ msgId: z.string(), accountId: z.string() }),
});

export const notificationBroadcast = defineCall({
  area: 'operator',
  method: 'POST',
  path: p('notifyAll'),
  access: 'operator',
  roles: editor,
  summary: "Sends a notification to every subscriber's message centre (guests have none).",
  request: z.object(message).strict(),
  response: z.object({ sent: z.number().int() }),
});

export const operatorNoticeCalls = {
  noticeList,
  noticeCreate,
  noticeWithdraw,
  notificationSend,
  notificationBroadcast,
};
