import { z } from 'zod';
import { defineCall } from './call.ts';

/** The OpenAPI 3.1 document of this contract, served by the server (raw: the document itself, no envelope). */
export const openApiDocument = defineCall({
  area: 'account',
  method: 'GET',
  path: '/api/openapi.json',
  access: 'public',
  tag: 'raw',
  summary: 'The OpenAPI 3.1 document generated from the contract (raw JSON, no envelope).',
  request: z.object({}).strict(),
  response: z.record(z.string(), z.unknown()),
});
