import { isContentUnavailableCode, isNoAuthorityCode, isSessionInvalidCode } from './catalogue.ts';

export type ApiErrorName =
  | 'SessionInvalidError'
  | 'NoAuthorityError'
  | 'ContentUnavailableError'
  | 'ServerError'
  | 'NetworkError'
  | 'TimeoutError'
  | 'BusinessError';

/** Base of every error the client throws; `name` is a literal the host can switch on. */
export abstract class ApiError extends Error {
  abstract override readonly name: ApiErrorName;
  /** errCode from the envelope, or the HTTP status for transport failures, or 0 when there is none. */
  readonly errCode: number;
  /** The call's path, to tell a log reader where it failed. */
  readonly path: string;
  constructor(message: string, errCode: number, path: string, options?: { cause?: unknown }) {
    super(message, options);
    this.errCode = errCode;
    this.path = path;
  }
}

/** 10101040, 10101041 and the session codes of spec §8: go to login, or to guest in visitor mode. */
export class SessionInvalidError extends ApiError {
  override readonly name = 'SessionInvalidError' as const;
}
/** 5001-5005: the no-authority overlay shows. */
export class NoAuthorityError extends ApiError {
  override readonly name = 'NoAuthorityError' as const;
}
/** 6001-6003: 'This content is no longer available. Pick another one.' */
export class ContentUnavailableError extends ApiError {
  override readonly name = 'ContentUnavailableError' as const;
}
/** HTTP 500 and 502: 'Internal server error'. */
export class ServerError extends ApiError {
  override readonly name = 'ServerError' as const;
}
/** The request never got an answer: offline, refused, DNS. */
export class NetworkError extends ApiError {
  override readonly name = 'NetworkError' as const;
}
/** No answer within the request timeout (50 s by default). */
export class TimeoutError extends ApiError {
  override readonly name = 'TimeoutError' as const;
}
/** Any other non-zero errCode: show the server's message (for 5 s in the site). */
export class BusinessError extends ApiError {
  override readonly name = 'BusinessError' as const;
}

export type AnyApiError =
  | SessionInvalidError
  | NoAuthorityError
  | ContentUnavailableError
  | ServerError
  | NetworkError
  | TimeoutError
  | BusinessError;

/** Maps a failed envelope to its typed error (spec §8). */
export function errorFromEnvelope(errCode: number, errMsg: string, path: string): AnyApiError {
  if (isSessionInvalidCode(errCode)) return new SessionInvalidError(errMsg, errCode, path);
  if (isNoAuthorityCode(errCode)) return new NoAuthorityError(errMsg, errCode, path);
  if (isContentUnavailableCode(errCode)) return new ContentUnavailableError(errMsg, errCode, path);
  return new BusinessError(errMsg, errCode, path);
}

export function isApiError(e: unknown): e is AnyApiError {
  return e instanceof ApiError;
}
