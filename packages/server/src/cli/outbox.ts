import { listOutbox } from '../store/outbox.ts';
import { type Command, str, withStore } from './command.ts';

export const outboxCommand: Command = {
  name: 'outbox',
  usage:
    '  outbox [--to ADDRESS] [--limit N]                                 messages waiting for delivery (codes)',
  run: (args) =>
    withStore(args, { to: { type: 'string' }, limit: { type: 'string' } }, ({ db, values }) => {
      const rows = listOutbox(db, { recipient: str(values.to), limit: Number(values.limit ?? 20) });
      for (const m of rows.reverse()) {
        console.log(
          `#${m.seq} ${new Date(m.created_at).toISOString()} ${m.channel} to ${m.recipient}\n  ${m.subject}\n  ${m.body}`,
        );
      }
      if (rows.length === 0) console.log('The outbox is empty.');
      return 0;
    }),
};
