import type { CreateServerOptions } from '../src/app.ts';
import { createOrigin } from '../src/origin/origin.ts';
import { tinyLibrary } from './origin-fixture.ts';
import { startServer, type TestServer } from './helpers.ts';

/** The server as `serve` composes it: API and the live origin (tiny media) on one port, temporary data folder. */
export async function startProductServer(options: CreateServerOptions = {}): Promise<TestServer> {
  const library = await tinyLibrary();
  return startServer({
    ...options,
    origin: ({ config, now }) =>
      createOrigin({ dataDir: config.dataDir, secret: config.secret, library, now }),
  });
}
