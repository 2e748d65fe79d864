import type { IncomingMessage, ServerResponse } from 'node:http';
import { clearKeyRequestSchema } from '@ottkit/api-client/contract';
import { readBodyUpTo } from '../http/body.ts';
import { sendBody } from '../http/send.ts';
import { type MediaTokenClaims, readMediaToken } from './tokens.ts';

export interface LicenseOptions {
  secret: string;
  nowMs: number;
  /** The `token` query parameter: the media token of the stream being played. */
  token: string | null;
  /** The ClearKey key of the resource a token opens, if that resource is a ClearKey stream. */
  keyFor(resource: string): Promise<{ kid: Buffer; key: Buffer } | undefined>;
  /** True when the token's session has ended (logout): no key for it any more. */
  revoked?(claims: MediaTokenClaims): Promise<boolean>;
}

const MAX_BODY = 4096;

function reply(res: ServerResponse, status: number, body: unknown) {
  sendBody('POST', res, status, LICENCE_HEADERS, JSON.stringify(body));
}

const LICENCE_HEADERS = {
  'content-type': 'application/json',
  'cache-control': 'no-store',
  'access-control-allow-origin': '*',
  'x-content-type-options': 'nosniff',
};

/**
 * The ClearKey licence server (spec §7 `/drmLicense/drm/adapter/licenseServer/license/v1`), in the W3C
 * format EME sends and shaka-player expects: `{"kids":[…],"type":"temporary"}` in, a JWK set out. Only the
 * keys of the stream the caller's media token opens are released, and only for the key ids asked.
 */
export async function handleLicense(
  req: IncomingMessage,
  res: ServerResponse,
  o: LicenseOptions,
): Promise<void> {
  if (req.method === 'OPTIONS') {
    res.writeHead(204, {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'content-type',
    });
    return void res.end();
  }
  if (req.method !== 'POST') return reply(res, 405, { error: 'POST a W3C ClearKey licence request' });
  const claims = readMediaToken(o.secret, o.token, o.nowMs);
  const pair = claims && !(await o.revoked?.(claims)) && (await o.keyFor(claims.resource));
  if (!pair) return reply(res, 403, { error: 'forbidden' });
  const text = (await readBodyUpTo(req, MAX_BODY))?.toString('utf8');
  let parsed: ReturnType<typeof clearKeyRequestSchema.safeParse> | undefined;
  try {
    parsed = text === undefined ? undefined : clearKeyRequestSchema.safeParse(JSON.parse(text));
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success) return reply(res, 400, { error: 'expected {"kids":["<base64url key id>"]}' });
  const kid = pair.kid.toString('base64url');
  const keys = parsed.data.kids
    .filter((k) => k.replace(/=+$/, '') === kid)
    .map(() => ({ kty: 'oct' as const, kid, k: pair.key.toString('base64url') }));
  reply(res, 200, { keys, type: parsed.data.type ?? 'temporary' });
}
