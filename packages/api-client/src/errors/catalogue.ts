/**
 * The error catalogue of spec §8, in one place. The server answers with these codes; the client maps them
 * to the typed error family in `errors.ts`; the site maps that family to the texts of spec §8.
 */
export const ErrCode = {
  OK: 0,
  /** Session invalid: the user goes to login, or to guest when visitor mode is on. */
  SESSION_INVALID: 10101040,
  SESSION_INVALID_ALT: 10101041,
  /** Silenced on the QR token query. */
  QR_TOKEN_PENDING: 10101149,
  /** The named LAC error. */
  LAC: 10101069,
  NO_AUTHORITY_FIRST: 5001,
  NO_AUTHORITY_LAST: 5005,
  CONTENT_UNAVAILABLE_FIRST: 6001,
  CONTENT_UNAVAILABLE_LAST: 6003,
  // Our server's own codes for a client's mistakes. They sit outside every range the spec gives a meaning,
  // so a malformed request never logs anybody out (404 and 200-205 would).
  BAD_JSON: 10109001,
  INVALID_REQUEST: 10109002,
  NOT_FOUND: 10109004,
  METHOD_NOT_ALLOWED: 10109005,
  BODY_TOO_LARGE: 10109013,
  UNSUPPORTED_MEDIA_TYPE: 10109015,
  TOO_MANY_ATTEMPTS: 10109029,
  /** A guest made a call that needs a logged-in user (spec §6); not a session error, the guest session is fine. */
  LOGIN_REQUIRED: 10109401,
  INTERNAL: 10109500,
  /** The server could not store what was sent (its disk or a storage cap is full); nothing was kept. */
  STORAGE_FULL: 10109507,
  // Account business rules (our own range; the client shows errMsg, spec §8 "other errors").
  WRONG_CREDENTIALS: 10110001,
  ACCOUNT_EXISTS: 10110002,
  /** 'Wrong Verification code or No Verification code' (spec §5): wrong, expired, used or burnt. */
  WRONG_VERIFICATION_CODE: 10110003,
  VISITOR_MODE_OFF: 10110004,
  WRONG_OLD_PASSWORD: 10110005,
  SAME_PASSWORD: 10110006,
  RECHARGE_CODE_INVALID: 10110007,
  RECHARGE_CODE_USED: 10110008,
  VIRTUAL_CODE_MISMATCH: 10110009,
  SCAN_CODE_INVALID: 10110010,
  SCAN_CODE_EXPIRED: 10110011,
  SCAN_CODE_USED: 10110012,
  CONTRACT_NOT_FOUND: 10110013,
  // Live API business rules (10112xxx).
  CHANNEL_NOT_FOUND: 10112001,
  PROGRAM_NOT_FOUND: 10112002,
  /** Only a programme that has not started can be subscribed to (spec §4 notStart). */
  PROGRAM_NOT_SUBSCRIBABLE: 10112003,
  /** A state-changing call another site's page made the browser send (login CSRF), HTTP 403. */
  CROSS_SITE_REFUSED: 10109403,
} as const;

/** Codes that, in a failed response, get the session-invalid handling (spec §8). */
export const SESSION_INVALID_CODES: readonly number[] = [
  ErrCode.SESSION_INVALID,
  ErrCode.SESSION_INVALID_ALT,
  555,
  200,
  201,
  202,
  203,
  204,
  205,
  208,
  220,
  223,
  404,
];

export const isSessionInvalidCode = (code: number) => SESSION_INVALID_CODES.includes(code);
export const isNoAuthorityCode = (code: number) =>
  code >= ErrCode.NO_AUTHORITY_FIRST && code <= ErrCode.NO_AUTHORITY_LAST;
export const isContentUnavailableCode = (code: number) =>
  code >= ErrCode.CONTENT_UNAVAILABLE_FIRST && code <= ErrCode.CONTENT_UNAVAILABLE_LAST;

/**
 * The block of codes each area owns, so one code never means two things. Spec §8 gives the `spec` codes their
 * meaning; every code of our own sits in its area's block of a thousand: a new code takes the next free one in
 * its block, a new area the next free block (10118xxx is free). The area catalogues (`PlaybackErrCode`,
 * `VodErrCode`, …) live beside their calls and stay inside their block; `catalogue.test.ts` holds every
 * exported catalogue to these blocks and no code to two names.
 */
export const ERROR_CODE_RANGES = {
  success: [[0, 0]],
  /** Session invalid, QR pending, LAC (10101xxx), no authority (5001-5005), content unavailable (6001-6003). */
  spec: [
    [5001, 5005],
    [6001, 6003],
    [10101000, 10101999],
  ],
  /** The server's answers to a malformed or refused request, whatever the call (ErrCode.BAD_JSON …). */
  request: [[10109000, 10109999]],
  account: [[10110000, 10110999]],
  live: [[10112000, 10112999]],
  playback: [[10113000, 10113999]],
  memberSite: [[10114000, 10114999]],
  message: [[10115000, 10115999]],
  /** Reserved for the operator area (issue 18). */
  operator: [[10116000, 10116999]],
  /** Reserved for live sources (issue 17). */
  sources: [[10117000, 10117999]],
  vod: [[10120000, 10120999]],
  /** Profiles and the parental PIN (issue 20 §2). */
  profile: [[10111000, 10111999]],
} as const satisfies Record<string, readonly (readonly [number, number])[]>;

export type ErrorArea = keyof typeof ERROR_CODE_RANGES;

/** The area whose block holds a code; undefined for a code outside every block. */
export function errorAreaOf(code: number): ErrorArea | undefined {
  for (const [area, ranges] of Object.entries(ERROR_CODE_RANGES)) {
    if (ranges.some(([first, last]) => code >= first && code <= last)) return area as ErrorArea;
  }
  return undefined;
}
