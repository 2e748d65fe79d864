import type { Migration } from '../migrations.ts';

// A viewer's calls at scale (issue 39, decision 0411): what every call asks again (whose session a token is, the
// session's profile, the title a progress report names) is kept by each process while a version stays, and these
// versions move with every write that could change the answer, whichever process or command makes it.

/** A version's table, and a trigger per table and event that moves it. */
export const version = (name: string, moves: [table: string, event: string][]) =>
  [
    `CREATE TABLE ${name} (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);`,
    `INSERT INTO ${name} (id, n) VALUES (1, 0);`,
    ...moves.map(
      ([table, event]) =>
        `CREATE TRIGGER ${name}_${table}_${event.split(' ')[0]?.toLowerCase()} AFTER ${event} ON ${table} BEGIN UPDATE ${name} SET n = n + 1; END;`,
    ),
  ].join('\n');

export const servedAtScaleMigrations: Migration[] = [
  {
    version: 531,
    name: 'versions-of-sessions-and-catalogue',
    // The sessions' version: a session ended (logout, revoked, removed with its account), a token removed, what a
    // session answers of its account (kind, virtual code, email), a profile changed or removed, or another profile
    // chosen. A new session or token needs no move: it is not kept before it is read. Expiry needs none either: a
    // kept session is kept until the earlier of its token's and its own expiry.
    // The catalogue's version: any title or title text written.
    sql: `
${version('sessions_version', [
  ['sessions', 'UPDATE OF revoked_at'],
  ['sessions', 'DELETE'],
  ['access_tokens', 'DELETE'],
  ['accounts', 'UPDATE OF kind, virtual_code, email'],
  ['profiles', 'UPDATE'],
  ['profiles', 'DELETE'],
  ['session_profiles', 'INSERT'],
  ['session_profiles', 'UPDATE'],
  ['session_profiles', 'DELETE'],
])}
${version('catalogue_version', [
  ['vod_metas', 'INSERT'],
  ['vod_metas', 'UPDATE'],
  ['vod_metas', 'DELETE'],
  ['vod_meta_texts', 'INSERT'],
  ['vod_meta_texts', 'DELETE'],
])}
`,
  },
  {
    version: 532,
    name: 'versions-of-entitlements-and-favourites',
    // Read on every channel list, channel change and play (decision 0419): what an account holds (any product
    // granted, extended, ended or removed, by a purchase, a code, an operator or a removed account) and which
    // channels a profile marked as favourites. A product's end needs no move: the rows say when it ends. And the
    // products' names (an operator's setting, read by every sign-in's user info) move the settings' version.
    sql: `
${version('entitlements_version', [
  ['subscriptions', 'INSERT'],
  ['subscriptions', 'UPDATE'],
  ['subscriptions', 'DELETE'],
])}
${version('favourites_version', [
  ['favorite_channels', 'INSERT'],
  ['favorite_channels', 'UPDATE'],
  ['favorite_channels', 'DELETE'],
])}
CREATE TRIGGER settings_version_product_names_insert AFTER INSERT ON product_names BEGIN UPDATE settings_version SET n = n + 1; END;
CREATE TRIGGER settings_version_product_names_update AFTER UPDATE ON product_names BEGIN UPDATE settings_version SET n = n + 1; END;
CREATE TRIGGER settings_version_product_names_delete AFTER DELETE ON product_names BEGIN UPDATE settings_version SET n = n + 1; END;
`,
  },
  {
    version: 540,
    name: 'version-of-notices',
    // Every page asks for its notices on a timer (decision 0432): the operator's notices, with their modes and
    // channels, are kept while no process or command wrote them. Who read which is each account's own, not kept.
    sql: version('notices_version', [
      ['notices', 'INSERT'],
      ['notices', 'UPDATE'],
      ['notices', 'DELETE'],
      ['notice_display_modes', 'INSERT'],
      ['notice_display_modes', 'DELETE'],
      ['notice_display_channels', 'INSERT'],
      ['notice_display_channels', 'DELETE'],
    ]),
  },
];
