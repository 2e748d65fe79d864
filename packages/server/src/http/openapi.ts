import {
  bodyFormatOf,
  type CallDescriptor,
  contract as subscriberContract,
  operatorContract,
  OPERATOR_COOKIE_BASE,
  SESSION_COOKIE_BASE,
} from '@ottkit/api-client/contract';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

function schemaOf(s: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return rest;
}

/** The envelope of DESIGN §3 around a call's data. */
function envelope(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['errCode', 'errMsg'],
    properties: {
      errCode: {
        type: 'integer',
        description: '0 is success; the catalogue is in @ottkit/api-client errors/catalogue.ts',
      },
      errMsg: { type: 'string' },
      data,
    },
  };
}

function security(d: CallDescriptor): Array<Record<string, string[]>> {
  if (d.access === 'operator') return [{ operatorCookie: [] }];
  if (d.area === 'operator') return [{}];
  if (d.access === 'public') return [{}, { bearer: [] }, { cookie: [] }];
  if (d.tokenIn === 'query') return [{ queryToken: [] }];
  return [{ bearer: [] }, { cookie: [] }];
}

/** The answers of an envelope call: the envelope around its data, and the error envelopes. */
function envelopeResponses(d: CallDescriptor): JsonSchema {
  return {
    '200': {
      description: 'The envelope; errCode 0 carries data, any other errCode a message.',
      content: { 'application/json': { schema: envelope(schemaOf(d.response, 'output')) } },
    },
    '4XX': {
      description: 'Malformed or invalid request (BAD_JSON, INVALID_REQUEST, NOT_FOUND…), as an envelope.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    },
    '500': {
      description: 'Internal server error (INTERNAL), never a stack trace.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    },
  };
}

/** The answers of a raw call: its own format, no envelope (the ClearKey licence, this document). */
function rawResponses(d: CallDescriptor): JsonSchema {
  return {
    '200': {
      description: 'The answer itself, not an envelope.',
      content: { 'application/json': { schema: schemaOf(d.response, 'output') } },
    },
    default: { description: 'A refusal in the same raw format (400, 403, 405) or an error envelope (404).' },
  };
}

/** How the request body travels, as the descriptor's bodyFormat says. */
function requestBody(d: CallDescriptor, request: JsonSchema): JsonSchema {
  if (bodyFormatOf(d) === 'octetStream') {
    // The request's fields travel in the query; the body is the bytes themselves.
    return {
      required: true,
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    };
  }
  const content: JsonSchema = { 'application/json': { schema: request } };
  if (bodyFormatOf(d) === 'compressedForm') {
    content['application/x-www-form-urlencoded'] = {
      schema: {
        type: 'object',
        required: ['data'],
        properties: {
          data: {
            type: 'string',
            contentEncoding: 'base64',
            description: 'base64 of the gzip-compressed JSON of the application/json body (spec §7).',
          },
        },
      },
    };
  }
  return { required: true, content };
}

function operation(area: string, name: string, d: CallDescriptor): JsonSchema {
  const op: JsonSchema = {
    operationId: `${area}.${name}`,
    summary: d.summary,
    tags: [area],
    'x-access': d.access,
    'x-body-format': bodyFormatOf(d),
    ...(d.tag ? { [`x-${d.tag}`]: true } : {}),
    ...(d.tag === 'sandbox'
      ? {
          description:
            'For testing only: answers when the operator turns the sandbox on, never in production.',
        }
      : {}),
    ...(d.access === 'operator' ? { 'x-roles': ['admin', ...(d.roles ?? [])] } : {}),
    security: security(d),
    responses: d.tag === 'raw' ? rawResponses(d) : envelopeResponses(d),
  };
  const request = schemaOf(d.request, 'input');
  if (d.method === 'GET') {
    const props = (request.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((request.required ?? []) as string[]);
    op.parameters = Object.entries(props).map(([n, schema]) => ({
      name: n,
      in: 'query',
      required: required.has(n),
      schema,
    }));
  } else {
    op.requestBody = requestBody(d, request);
  }
  return op;
}

/** An OpenAPI 3.1 document generated from the contract: every call, its request and its response envelope. */
export function buildOpenApi(
  c: Record<string, Record<string, CallDescriptor>> = {
    ...subscriberContract,
    ...operatorContract,
  } as unknown as Record<string, Record<string, CallDescriptor>>,
): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [area, calls] of Object.entries(c)) {
    for (const [name, d] of Object.entries(calls)) {
      paths[d.path] ??= {};
      (paths[d.path] as Record<string, JsonSchema>)[d.method.toLowerCase()] = operation(area, name, d);
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'ottkit API',
      version: '1.0.0',
      description:
        'Generated from the contract in @ottkit/api-client. Every answer is the envelope {errCode, errMsg, data?}.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The access token (`token`) from login.' },
        cookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE_BASE.session,
          description: 'The same token, for the site (`__Host-` prefixed when served over HTTPS).',
        },
        operatorCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: OPERATOR_COOKIE_BASE,
          description: 'The console session (Path=/admin, `__Secure-` prefixed over HTTPS); see x-roles.',
        },
        queryToken: {
          type: 'apiKey',
          in: 'query',
          name: 'token',
          description: 'The VOD API carries the access token here; the licence call the media token.',
        },
      },
      schemas: {
        ErrorEnvelope: {
          type: 'object',
          required: ['errCode', 'errMsg'],
          properties: { errCode: { type: 'integer' }, errMsg: { type: 'string' } },
        },
      },
    },
  };
}
