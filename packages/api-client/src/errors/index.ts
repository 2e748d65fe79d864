export * from './catalogue.ts';
export * from './errors.ts';
