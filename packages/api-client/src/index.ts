export * from './client.ts';
export * from './keptAnswers.ts';
export * from './contract/index.ts';
export * from './errors/index.ts';
export { routes } from './routes.generated.ts';
