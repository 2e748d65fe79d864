/** What a fake fetch was given. */
export interface Seen {
  url: string;
  init: RequestInit;
}

/** A fetch that records what it was given and answers with one fixed response. */
export function fakeFetch(answer: () => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fn = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return answer();
  }) as unknown as typeof fetch;
  return { fn, seen };
}

/** A fetch the browser refused before any answer (offline, or a keepalive body over its budget). */
export const refusedFetch = (async () => {
  throw new TypeError('Failed to fetch');
}) as unknown as typeof fetch;
