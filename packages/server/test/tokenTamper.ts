/** Ways a client changes a signed token's text, for the tests that show each is refused. */

/** `token` with its last two characters replaced by two others: always a different string. */
export const tampered = (token: string) => token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * `token` whose 32-byte base64url signature (43 characters, the last carrying 4 bits and 2 spare) is spelled with
 * a spare bit set: another string that decodes to the same bytes.
 */
export const respelled = (token: string) =>
  token.slice(0, -1) + BASE64URL[BASE64URL.indexOf(token.slice(-1)) ^ 1];
