import { parseArgs } from 'node:util';
import type { NoticeInput } from '@ottkit/api-client/contract';
import { openDataStore } from '../dataStore.ts';
import { findAccountByEmail } from '../store/accounts.ts';
import { listNotices, withdrawNotice } from '../store/notices.ts';
import { notify, publishNotice } from './notices.ts';

export const NOTICE_USAGE = `  notice publish --msg TEXT --mode 12[,0…] [--title T] [--priority N] [--channels lc-001,…]
                 [--interval MS] [--times N] [--bg #hex] [--fg #hex] [--size PX] [--until ISO-DATE]
                                                                    publish an operator notice (spec §3, §4)
  notice list                                                       live notices, by priority
  notice withdraw ID                                                stop showing a notice
  notice notify --email ADDRESS --title T --msg TEXT                a personal notification (message centre)`;

const list = (v: string | undefined) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;

/** `ottkit-server notice …`: the operator's voice. Prints what it did; returns the exit code. */
export function noticeCommand(args: string[], now = Date.now()): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      data: { type: 'string' },
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
    },
  });
  const { db } = openDataStore(values.data);
  try {
    const [verb, id] = positionals;
    if (verb === 'publish' && values.msg && values.mode) {
      const input: Partial<NoticeInput> & Pick<NoticeInput, 'msg' | 'displayMode'> = {
        msg: values.msg,
        displayMode: (list(values.mode) ?? []).map(Number) as NoticeInput['displayMode'],
        ...(values.title !== undefined && { title: values.title }),
        ...(values.priority !== undefined && { priority: Number(values.priority) }),
        ...(values.channels !== undefined && { displayChannel: list(values.channels) ?? [] }),
        ...(values.interval !== undefined && { displayInterval: Number(values.interval) }),
        ...(values.times !== undefined && { displayTimes: Number(values.times) }),
      };
      const props: Record<string, string | number> = {};
      if (values.bg) props.backgroundcolor = values.bg;
      if (values.fg) props.textcolor = values.fg;
      if (values.size) props.textsize = Number(values.size);
      if (Object.keys(props).length) input.properties = props as NoticeInput['properties'];
      const until = values.until ? Date.parse(values.until) : null;
      if (until !== null && Number.isNaN(until)) throw new Error('--until is not a date');
      const notice = publishNotice(db, input, now, until);
      console.log(
        `published ${notice.id} (modes ${notice.displayMode.join(',')}, priority ${notice.priority})`,
      );
      return 0;
    }
    if (verb === 'list') {
      for (const n of listNotices(db, now, null)) {
        console.log(`${n.id}\tpriority ${n.priority}\tmodes ${n.displayMode.join(',')}\t${n.msg}`);
      }
      return 0;
    }
    if (verb === 'withdraw' && id) {
      console.log(withdrawNotice(db, id, now) ? `withdrew ${id}` : `no live notice ${id}`);
      return 0;
    }
    if (verb === 'notify' && values.email && values.msg) {
      const account = findAccountByEmail(db, values.email.toLowerCase());
      if (!account) throw new Error(`No account with email ${values.email}`);
      console.log(notify(db, account.account_id, values.title ?? '', values.msg, now));
      return 0;
    }
    console.log(NOTICE_USAGE);
    return 2;
  } finally {
    db.close();
  }
}
