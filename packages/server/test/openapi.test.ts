import { contract, drmLicense, memberSiteSandboxAccount, metricsBatchPost } from '@ottkit/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.close());

describe('GET /api/openapi.json', () => {
  it('documents every call of the contract with its request and response envelope', async () => {
    const res = await fetch(`${t.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { operationId: string; requestBody?: unknown; responses: Record<string, unknown> }>
      >;
    };
    expect(doc.openapi).toBe('3.1.0');
    let count = 0;
    for (const [area, calls] of Object.entries(contract)) {
      for (const [name, d] of Object.entries(calls)) {
        const op = doc.paths[d.path]?.[d.method.toLowerCase()];
        expect(op?.operationId).toBe(`${area}.${name}`);
        if (d.method === 'POST') expect(op?.requestBody).toBeDefined();
        expect(op?.responses['200']).toBeDefined();
        count++;
      }
    }
    expect(count).toBeGreaterThanOrEqual(22);
    const login = doc.paths['/api/account/login/v3']?.post as unknown as {
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
    };
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toContain(
      'loginInfo',
    );
  });

  it('documents how each body travels, the raw calls without the envelope, and the sandbox calls as such', async () => {
    type Op = {
      'x-body-format': string;
      'x-raw'?: boolean;
      'x-sandbox'?: boolean;
      requestBody: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
      responses: Record<
        string,
        { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }
      >;
    };
    const doc = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, Op>>;
    };
    const metrics = doc.paths[metricsBatchPost.path]?.post as Op;
    expect(metrics['x-body-format']).toBe('compressedForm');
    expect(Object.keys(metrics.requestBody.content).sort()).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
    const licence = doc.paths[drmLicense.path]?.post as Op;
    expect(licence['x-raw']).toBe(true);
    expect(licence['x-body-format']).toBe('json');
    // The JWK set itself, not an envelope around it.
    expect(
      Object.keys(licence.responses['200']?.content?.['application/json']?.schema.properties ?? {}),
    ).toEqual(['keys', 'type']);
    const sandbox = doc.paths[memberSiteSandboxAccount.path]?.post as Op;
    expect(sandbox['x-sandbox']).toBe(true);
    expect(Object.keys(sandbox.requestBody.content)).toEqual(['application/json']);
  });

  it('answers other methods on it with an envelope', async () => {
    const res = await t.post(contract.account.openApiDocument.path, {});
    expect(res.body.errCode).not.toBe(0);
  });
});
