import { readFileSync } from 'node:fs';
import { clearManifest, sealAndStoreManifest, shareLink } from '../domain/zeroTrust.ts';
import { type Command, str, UsageError, withStore } from './command.ts';
import { siteUrl } from './siteUrl.ts';

/** Zero-trust mode (spec §1): the server stores the sealed manifest; the key is printed once, in the link. */
export const zeroTrustCommand: Command = {
  name: 'zero-trust',
  usage: `  zero-trust seal FILE.json [--required] [--site-url URL] [--port N]  seal a manifest; prints the share link once
  zero-trust clear                                                  remove the sealed manifest`,
  run: (args) =>
    withStore(
      args,
      { required: { type: 'boolean' }, 'site-url': { type: 'string' }, port: { type: 'string' } },
      async ({ db, config, values, positionals }) => {
        const [verb, file] = positionals;
        if (verb === 'clear') {
          await clearManifest(db);
          console.log('zero-trust manifest removed');
          return 0;
        }
        if (verb !== 'seal' || !file) throw new UsageError();
        const input: unknown = JSON.parse(readFileSync(file, 'utf8'));
        const { key } = await sealAndStoreManifest(db, input, {
          required: Boolean(values.required),
          now: Date.now(),
        });
        console.log(
          `sealed; the server stores only the ciphertext. Share this link (the key is not kept anywhere):`,
        );
        console.log(shareLink(siteUrl(config, str(values['site-url'])), key));
        return 0;
      },
      (values) => (values.port ? { port: Number(values.port) } : {}),
    ),
};
