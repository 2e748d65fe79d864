export {
  type CreateServerOptions,
  consoleLogger,
  createServer,
  type Origin,
  type OriginDeps,
  type OttkitServer,
  type SiteHandler,
} from './app.ts';
export { loadConfig, repoRoot, type ServerConfig } from './config.ts';
export { API_PREFIXES, isApiPath, type Logger, type RawRoute } from './http/api.ts';
export { buildOpenApi } from './http/openapi.ts';
export { DomainError } from './domain/errors.ts';
export { HttpError, type RequestContext, type Route, route, type Session } from './http/route.ts';
export { type Db, openDb } from './store/db.ts';
export { migrate } from './store/migrations.ts';
