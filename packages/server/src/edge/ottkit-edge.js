// The media-token check at the nginx edge (njs; decisions 0261, 0306). It mirrors packages/server/src/origin/tokens.ts
// (verifyMediaToken) and the resource each path opens (origin.ts): a bad, tampered or expired token, or one for
// another resource, is refused here and never reaches an ottkit process. The origin checks again on a miss.
// A token handed to a session that has ended since (logout) is refused too: ottkit publishes the ended sessions
// (a list the edge renews each second), so cached clear media stops at logout, not when the token expires.
// biome-ignore lint/style/useNodejsImportProtocol: njs knows the module as 'crypto' only
const crypto = require('crypto');
// biome-ignore lint/style/useNodejsImportProtocol: njs knows the module as 'fs' only
const fs = require('fs');

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

/**
 * The two strings are equal, compared through their HMACs under the secret (double-HMAC verification): the time
 * of `===` then depends on those digests, never on how much of a forged MAC is right. A compare loop over the
 * characters cost 13 µs a request in njs's interpreter, more than the rest of the check (decision 0352).
 */
function same(key, a, b) {
  const h = (s) => crypto.createHmac('sha256', key).update(s).digest('base64');
  return h(a) === h(b);
}

/** The claims of the request's ?token= when it opens this path now; null otherwise. */
function claimsOf(r) {
  try {
    const token = r.args.token;
    const want = expected(r);
    if (!want || typeof token !== 'string' || token.length > 2048) return null;
    const parts = token.split('.');
    if (parts.length !== 2 || !parts[0]) return null;
    const secret = r.variables.ottkit_media_secret;
    const mac = crypto
      .createHmac('sha256', secret)
      .update('ottkit-media.v1.' + parts[0])
      .digest('base64url');
    if (!same(secret, mac, parts[1])) return null;
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

/** The list is renewed when older than this. */
const RENEW_AFTER_MS = 1000;

/**
 * js_set of cached media (playlists, segments, inits): '0' refuses the request (a bad token, or its session has
 * ended), '1' lets it on to the cache, '2' lets it on and asks for a renewal of the list of ended sessions first
 * (it is older than a second). The list is a file read here, never waited for (decision 0345); reading it in this
 * variable rather than by a subrequest of a js_content handler halved what the gate costs nginx (decision 0352). A
 * list that cannot be had lets the request on: the origin still checks sessions on a miss.
 */
function mediaGate(r) {
  const claims = claimsOf(r);
  if (!claims) return '0';
  if (typeof claims.s !== 'string' || !claims.s) return '1';
  const file = r.variables.ottkit_revoked_file;
  let list = '';
  let fresh = false;
  try {
    fresh = Date.now() - fs.statSync(file).mtimeMs < RENEW_AFTER_MS;
    list = fs.readFileSync(file, 'utf8');
  } catch (_e) {
    // Not fetched yet, or being replaced: renewed below.
  }
  if (list.indexOf('\n' + claims.s + '\n') >= 0) return '0';
  return fresh ? '1' : '2';
}

/**
 * js_content of a request whose gate said '2': a renewal in the background (detached; at most one a second goes
 * through, the others are turned away at once), then the cache location named by $ottkit_next.
 */
function renew(r) {
  r.subrequest('/_ottkit/revoked-renew', { detached: true });
  r.internalRedirect(r.variables.ottkit_next);
}

export default { tokenOk: tokenOk, mediaGate: mediaGate, renew: renew };
