import { describe, expect, it } from 'vitest';
import { routesSource } from '../scripts/generate-routes.ts';
import { contract } from './contract/index.ts';
import { routes } from './routes.generated.ts';

describe('routes.generated.ts', () => {
  it('matches the contract (run `node scripts/generate-routes.ts` in packages/api-client after changing it)', async () => {
    const { readFileSync } = await import('node:fs');
    const onDisk = readFileSync(new URL('./routes.generated.ts', import.meta.url), 'utf8');
    expect(onDisk).toBe(routesSource());
  });

  it('has every call with its method, path and token placement', () => {
    for (const [area, calls] of Object.entries(contract)) {
      for (const [name, d] of Object.entries(calls)) {
        const r = (routes as Record<string, Record<string, unknown>>)[area]?.[name];
        expect(r, `${area}.${name}`).toEqual({
          area: d.area,
          method: d.method,
          path: d.path,
          ...(d.tokenIn ? { tokenIn: d.tokenIn } : {}),
          ...(d.bodyFormat ? { bodyFormat: d.bodyFormat } : {}),
          ...(d.tag ? { tag: d.tag } : {}),
          ...(d.revalidate ? { revalidate: true } : {}),
        });
      }
    }
  });
});
