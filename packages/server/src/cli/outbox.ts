import { listOutbox } from '../store/outbox.ts';
import { type Command, str, withStore } from './command.ts';

export const outboxCommand: Command = {
  name: 'outbox',
  usage:
    '  outbox [--to ADDRESS] [--limit N]                                 messages (codes) and how each fared',
  run: (args) =>
    withStore(args, { to: { type: 'string' }, limit: { type: 'string' } }, ({ db, values }) => {
      const rows = listOutbox(db, { recipient: str(values.to), limit: Number(values.limit ?? 20) });
      for (const m of rows.reverse()) {
        console.log(
          `#${m.seq} ${new Date(m.created_at).toISOString()} ${m.channel} to ${m.recipient} (${m.state})\n` +
            `  ${m.subject}\n  ${m.body.replace(/\n+/g, ' ')}`,
        );
      }
      if (rows.length === 0) console.log('The outbox is empty.');
      return 0;
    }),
};
