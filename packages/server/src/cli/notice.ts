import type { NoticeInput } from '@ottkit/api-client/contract';
import { notify, publishNotice } from '../domain/notices.ts';
import { findAccountByEmail } from '../store/accounts.ts';
import { atomically } from '../store/kysely/atomically.ts';
import { listNotices, withdrawNoticeStatement } from '../store/notices.ts';
import { type Command, str, UsageError, withStore } from './command.ts';

const list = (v: string | undefined) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;

const OPTIONS = {
  msg: { type: 'string' },
  title: { type: 'string' },
  mode: { type: 'string' },
  priority: { type: 'string' },
  channels: { type: 'string' },
  interval: { type: 'string' },
  times: { type: 'string' },
  bg: { type: 'string' },
  fg: { type: 'string' },
  size: { type: 'string' },
  until: { type: 'string' },
  email: { type: 'string' },
} as const;

/** `notice …`: the operator's voice (spec §3, §4). */
export const noticeCommand: Command = {
  name: 'notice',
  usage: `  notice publish --msg TEXT --mode 12[,0…] [--title T] [--priority N] [--channels lc-001,…]
                 [--interval MS] [--times N] [--bg #hex] [--fg #hex] [--size PX] [--until ISO-DATE]
                                                                    publish an operator notice (spec §3, §4)
  notice list                                                       live notices, by priority
  notice withdraw ID                                                stop showing a notice
  notice notify --email ADDRESS --title T --msg TEXT                a personal notification (message centre)`,
  run: (args) =>
    withStore(args, OPTIONS, async ({ db, values: all, positionals }) => {
      const v = Object.fromEntries(Object.entries(all).map(([k, x]) => [k, str(x)]));
      const now = Date.now();
      const [verb, id] = positionals;
      if (verb === 'publish' && v.msg && v.mode) {
        const input: Partial<NoticeInput> & Pick<NoticeInput, 'msg' | 'displayMode'> = {
          msg: v.msg,
          displayMode: (list(v.mode) ?? []).map(Number) as NoticeInput['displayMode'],
          ...(v.title !== undefined && { title: v.title }),
          ...(v.priority !== undefined && { priority: Number(v.priority) }),
          ...(v.channels !== undefined && { displayChannel: list(v.channels) ?? [] }),
          ...(v.interval !== undefined && { displayInterval: Number(v.interval) }),
          ...(v.times !== undefined && { displayTimes: Number(v.times) }),
        };
        const props: Record<string, string | number> = {};
        if (v.bg) props.backgroundcolor = v.bg;
        if (v.fg) props.textcolor = v.fg;
        if (v.size) props.textsize = Number(v.size);
        if (Object.keys(props).length) input.properties = props as NoticeInput['properties'];
        const until = v.until ? Date.parse(v.until) : null;
        if (until !== null && Number.isNaN(until)) throw new Error('--until is not a date');
        const notice = await publishNotice(db, input, now, until);
        console.log(
          `published ${notice.id} (modes ${notice.displayMode.join(',')}, priority ${notice.priority})`,
        );
        return 0;
      }
      if (verb === 'list') {
        for (const n of await listNotices(db, now, null)) {
          console.log(`${n.id}\tpriority ${n.priority}\tmodes ${n.displayMode.join(',')}\t${n.msg}`);
        }
        return 0;
      }
      if (verb === 'withdraw' && id) {
        const [withdrawn] = await atomically(db, [withdrawNoticeStatement(db, id, now)]);
        console.log(withdrawn ? `withdrew ${id}` : `no live notice ${id}`);
        return 0;
      }
      if (verb === 'notify' && v.email && v.msg) {
        const account = findAccountByEmail(db, v.email.toLowerCase());
        if (!account) throw new Error(`No account with email ${v.email}`);
        console.log(await notify(db, account.account_id, v.title ?? '', v.msg, now));
        return 0;
      }
      throw new UsageError();
    }),
};
