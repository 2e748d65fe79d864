// The media-token check at the nginx edge (njs; decisions 0261, 0306). It mirrors packages/server/src/origin/tokens.ts
// (verifyMediaToken) and the resource each path opens (origin.ts): a bad, tampered or expired token, or one for
// another resource, is refused here and never reaches an ottkit process. The origin checks again on a miss.
// A token handed to a session that has ended since (logout) is refused too: ottkit publishes the ended sessions
// (a list the edge renews each second), so cached clear media stops at logout, not when the token expires.
// biome-ignore lint/style/useNodejsImportProtocol: njs knows the module as 'crypto' only
const crypto = require('crypto');

/** The kind and resource a media path opens, as the origin sees them; null for a path that is none. */
function expected(r) {
  const p = r.uri.split('/');
  const kind = p[2];
  const id = p[3];
  if (p[1] !== 'media' || !id) return null;
  if (kind === 'live') return { k: 'live', r: 'live/' + id };
  if (kind === 'vod') return { k: 'vod', r: 'vod/' + id };
  if (kind === 'catchup') return p[4] ? { k: 'catchup', r: 'catchup/' + id + '/' + p[4] } : null;
  if (kind === 'dvr') {
    const start = Math.floor(Number(r.args.start || 0));
    return { k: 'timeshift', r: start ? 'timeshift/' + id + '/' + start : 'timeshift/' + id };
  }
  return null;
}

/** Compares two strings in time that depends on their length only. */
function same(a, b) {
  if (a.length !== b.length) return false;
  let d = 0;
  for (let i = 0; i < a.length; i++) d |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return d === 0;
}

/** The claims of the request's ?token= when it opens this path now; null otherwise. */
function claimsOf(r) {
  try {
    const token = r.args.token;
    const want = expected(r);
    if (!want || typeof token !== 'string' || token.length > 2048) return null;
    const parts = token.split('.');
    if (parts.length !== 2 || !parts[0]) return null;
    const mac = crypto
      .createHmac('sha256', r.variables.ottkit_media_secret)
      .update('ottkit-media.v1.' + parts[0])
      .digest('base64url');
    if (!same(mac, parts[1])) return null;
    const claims = JSON.parse(Buffer.from(parts[0], 'base64url').toString());
    if (typeof claims.e !== 'number' || claims.e * 1000 <= Date.now()) return null;
    return claims.k === want.k && claims.r === want.r ? claims : null;
  } catch (_e) {
    return null;
  }
}

/** '1' when the request's ?token= opens this path now, '0' otherwise (js_set; keys, which ottkit checks again). */
function tokenOk(r) {
  return claimsOf(r) ? '1' : '0';
}

/** The list is renewed when older than this (its Last-Modified counts whole seconds: 2 s means 1 to 2 s old). */
const RENEW_AFTER_MS = 2000;

/**
 * js_content of cached media (playlists, segments, inits): the token, then its session against the list of ended
 * sessions, then the cache location named by $ottkit_next. The list is a file read here, never waited for: a request
 * that finds it old asks for a renewal in the background (detached, at most one a second goes through; decision
 * 0345). A list that cannot be had lets the request on: the origin still checks sessions on a miss.
 */
function gate(r) {
  const claims = claimsOf(r);
  if (!claims) return r.return(403, 'forbidden\n');
  const next = r.variables.ottkit_next;
  if (typeof claims.s !== 'string' || !claims.s) return r.internalRedirect(next);
  r.subrequest('/_ottkit/revoked').then(
    (reply) => {
      const fresh =
        reply.status === 200 && Date.now() - Date.parse(reply.headersOut['Last-Modified']) < RENEW_AFTER_MS;
      if (!fresh) r.subrequest('/_ottkit/revoked-renew', { detached: true });
      const list = reply.status === 200 ? reply.responseText || '' : '';
      if (list.indexOf('\n' + claims.s + '\n') >= 0) return r.return(403, 'forbidden\n');
      r.internalRedirect(next);
    },
    () => r.internalRedirect(next),
  );
}

export default { tokenOk: tokenOk, gate: gate };
