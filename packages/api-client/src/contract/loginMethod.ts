/**
 * Login methods (spec §9): email 1, phone 2, google 6, scan (QR) 7. Guests log in by their virtual code, 8; 8 and
 * 13 also appear in member-site links, where 13 is sent as 8 (spec §6). Google login is not offered by this server.
 */
export const LoginMethod = { EMAIL: 1, PHONE: 2, GOOGLE: 6, SCAN_CODE: 7, VIRTUAL_CODE: 8 } as const;
