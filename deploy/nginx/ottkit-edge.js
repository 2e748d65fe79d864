// The media-token check at the nginx edge (njs; decision 0261). It mirrors packages/server/src/origin/tokens.ts
// (verifyMediaToken) and the resource each path opens (origin.ts): a bad, tampered or expired token, or one for
// another resource, is refused here and never reaches an ottkit process. The origin checks again on a miss.
// What the edge cannot know (a session ended by logout) is left to the origin and the short token life.
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

/** '1' when the request's ?token= opens this path now, '0' otherwise (js_set). */
function tokenOk(r) {
  try {
    const token = r.args.token;
    const want = expected(r);
    if (!want || typeof token !== 'string' || token.length > 2048) return '0';
    const parts = token.split('.');
    if (parts.length !== 2 || !parts[0]) return '0';
    const mac = crypto
      .createHmac('sha256', r.variables.ottkit_media_secret)
      .update('ottkit-media.v1.' + parts[0])
      .digest('base64url');
    if (!same(mac, parts[1])) return '0';
    const claims = JSON.parse(Buffer.from(parts[0], 'base64url').toString());
    if (typeof claims.e !== 'number' || claims.e * 1000 <= Date.now()) return '0';
    return claims.k === want.k && claims.r === want.r ? '1' : '0';
  } catch (_e) {
    return '0';
  }
}

export default { tokenOk: tokenOk };
