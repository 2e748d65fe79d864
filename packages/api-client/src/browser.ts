/**
 * The client without the contract's schemas: what a browser needs to call the API. Import from
 * `@ottkit/api-client/client` in front-end code, so zod and the schemas stay on the server.
 * Types come from the main entry with `import type`.
 */
export * from './client.ts';
export * from './errors/index.ts';
export { LoginMethod } from './contract/loginMethod.ts';
export { RECHARGE_CODE_LENGTH } from './contract/rechargeCode.ts';
export { CHANNEL_MARQUEE_MODE, MARQUEE_MODES, NoticeMode, POPUP_MODES } from './contract/noticeModes.ts';
export { routes } from './routes.generated.ts';
