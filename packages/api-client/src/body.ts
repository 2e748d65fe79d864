import type { BodyFormat } from './contract/call.ts';

/** A request body as it goes on the wire, with its Content-Type. */
export interface WireBody {
  text: string;
  contentType: string;
}

/** base64 of gzip(JSON): the payload of spec §7's compressed form body (CompressionStream: browsers, Node 18+). */
export async function gzipBase64(value: unknown): Promise<string> {
  const stream = new Blob([JSON.stringify(value)]).stream().pipeThrough(new CompressionStream('gzip'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A JSON body, made at once: a report sent as the page goes away must reach fetch in the same task. */
export function jsonBody(value: unknown): WireBody {
  return { text: JSON.stringify(value), contentType: 'application/json' };
}

/** Serialises a POST body in the format its descriptor names (`json` unless it says otherwise). */
export async function serialiseBody(value: unknown, format: BodyFormat = 'json'): Promise<WireBody> {
  if (format === 'compressedForm') {
    return {
      text: new URLSearchParams({ data: await gzipBase64(value) }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    };
  }
  return jsonBody(value);
}
