import { request } from 'node:http';

/** A GET that hands back the bytes as sent (no decompression), for tests of encodings and headers. */
export function rawGet(url: string, acceptEncoding?: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        url,
        { headers: { ...headers, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}
