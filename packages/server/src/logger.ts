/**
 * Where the server's background work says what it did: the app's console logger, or a test's. Its own file, not
 * `http/api.ts`, so that operator/ and domain/ can take one without importing the HTTP layer (decision 0369).
 */
export interface Logger {
  info(msg: string): void;
  error(msg: string, err?: unknown): void;
}
