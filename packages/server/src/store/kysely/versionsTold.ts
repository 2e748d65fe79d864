import pg from 'pg';

/**
 * A process told by PostgreSQL when a version moves (decision 0448), so that a request need not ask the versions:
 * migration 547's triggers notify `channel` at every commit that moved one. `moves` counts the notifications (and
 * every loss or regain of the connection); an answer asked before the count moved is not kept after it.
 */
export interface VersionsTold {
  /** True while the connection listens and the versions' triggers exist; the first call starts listening. */
  listening(): boolean;
  moves(): number;
  close(): Promise<void>;
}

/** How long a lost (or refused) listening connection waits before it tries again. */
const RETRY_MS = 1_000;

/** Listens on `channel` over a connection of its own, opened with `config` when first asked. */
export function listenForVersions(config: () => pg.ClientConfig, channel: string): VersionsTold {
  let client: pg.Client | undefined;
  let listening = false;
  let moves = 0;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    listening = false;
    moves++;
    void c.end().catch(() => {});
    if (!closed) {
      retry = setTimeout(() => {
        retry = undefined;
        start();
      }, RETRY_MS);
      retry.unref();
    }
  };

  const start = () => {
    if (client || closed || retry) return;
    const c = new pg.Client({ ...config(), application_name: 'ottkit-versions' });
    client = c;
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', () => {
      moves++;
    });
    c.connect()
      .then(() => c.query(`LISTEN ${channel}`))
      // A store whose migrations are not all applied (a test's own list) has no trigger to tell it: it asks.
      .then(() =>
        c.query(
          "SELECT 1 FROM pg_trigger WHERE tgname = 'lineup_version_told' AND tgrelid = to_regclass('lineup_version')",
        ),
      )
      .then((r) => {
        if (client !== c) return;
        if (r.rowCount === 0) throw new Error('no versions triggers');
        moves++;
        listening = true;
      })
      .catch(() => lost(c));
  };

  return {
    listening() {
      start();
      return listening;
    },
    moves: () => moves,
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      listening = false;
      await c?.end().catch(() => {});
    },
  };
}
