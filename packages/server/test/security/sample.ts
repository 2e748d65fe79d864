import type { CallDescriptor } from '@ottkit/api-client/contract';
import { z } from 'zod';

/** A JSON Schema node as zod writes it (the parts a request sample needs). */
interface Node {
  type?: string | string[];
  properties?: Record<string, Node>;
  required?: string[];
  items?: Node;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Node[];
  oneOf?: Node[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  format?: string;
  pattern?: string;
}

/** Values that satisfy common field names better than a bare 'x' (ids the seed knows, formats the spec asks). */
const KNOWN: Record<string, unknown> = {
  logicalChannelId: 'lc-001',
  channelId: 'lc-001',
  metaId: 'm-001',
  email: 'probe@example.com',
  password: 'secret123',
  deviceId: 'security-probe-device',
  date: '2026-06-01',
  country: 'US',
  rechargeCodePassword: '1111222233339999',
};

/** Paths (dot-joined) of every string field, nested objects and array items included. */
export type Sample = { value: unknown; stringPaths: string[][] };

function build(node: Node, name: string, path: string[], out: string[][]): unknown {
  const options = node.anyOf ?? node.oneOf;
  if (options?.length)
    return build(options.find((o) => o.type !== 'null') ?? options[0] ?? {}, name, path, out);
  if (node.const !== undefined) return node.const;
  if (node.enum?.length) return node.enum[0];
  const type = Array.isArray(node.type) ? node.type.find((x) => x !== 'null') : node.type;
  switch (type) {
    case 'object': {
      const obj: Record<string, unknown> = {};
      const keys = Object.keys(node.properties ?? {});
      // Email or phone, never both (spec §5 forms).
      const skip = keys.includes('email') ? new Set(['phone', 'phonePreCode']) : new Set<string>();
      for (const [key, child] of Object.entries(node.properties ?? {})) {
        if (!skip.has(key)) obj[key] = build(child, key, [...path, key], out);
      }
      return obj;
    }
    case 'array': {
      const n = Math.max(1, node.minItems ?? 1);
      return Array.from({ length: n }, (_, i) => build(node.items ?? {}, name, [...path, String(i)], out));
    }
    case 'integer':
    case 'number': {
      const lo = node.minimum ?? (node.exclusiveMinimum === undefined ? 1 : node.exclusiveMinimum + 1);
      return Math.min(Math.max(lo, 1), node.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return false;
    case 'string': {
      out.push(path);
      if (name in KNOWN && typeof KNOWN[name] === 'string') return KNOWN[name];
      if (node.pattern && /\\d/.test(node.pattern)) return '1'.repeat(Math.max(node.minLength ?? 1, 4));
      return 'x'.repeat(Math.max(node.minLength ?? 1, 1));
    }
    default:
      return null;
  }
}

/** A plausible request for a call, and where its strings are (for injection). */
export function sampleRequest(d: CallDescriptor): Sample {
  const schema = z.toJSONSchema(d.request, { io: 'input', unrepresentable: 'any' }) as Node;
  const stringPaths: string[][] = [];
  const value = build(schema, '', [], stringPaths);
  return { value: value ?? {}, stringPaths };
}

/** A copy of `value` with `payload` at `path`. */
export function withValueAt(value: unknown, path: string[], payload: unknown): unknown {
  if (path.length === 0) return payload;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[Number(head)] = withValueAt(copy[Number(head)], rest, payload);
    return copy;
  }
  const obj = { ...(value as Record<string, unknown>) };
  obj[head] = withValueAt(obj[head], rest, payload);
  return obj;
}
