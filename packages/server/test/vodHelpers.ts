import { contract } from '@ottkit/api-client';
import type { CallDescriptor } from '@ottkit/api-client/contract';
import { expect } from 'vitest';
import type { ApiAnswer, TestServer } from './helpers.ts';

/** Logs a seeded account in (sample credentials of seed/accounts.ts) and answers its access token. */
export async function loginToken(t: TestServer, email = 'demo@ottkit.test'): Promise<string> {
  const { body } = await t.post(contract.account.login.path, { loginInfo: { email, password: 'demo1234' } });
  expect(body.errCode).toBe(0);
  return (body.data as { tokens: { token: string } }).tokens.token;
}

/** Calls a VOD API descriptor the way the client does: the token in the query (spec §7). */
export async function vodCall(
  t: TestServer,
  d: CallDescriptor,
  request: Record<string, unknown> = {},
  token?: string,
): Promise<ApiAnswer> {
  const url = new URL(t.url + d.path);
  if (token) url.searchParams.set('token', token);
  if (d.method === 'GET') {
    for (const [k, v] of Object.entries(request)) url.searchParams.set(k, String(v));
    return t.get(url.pathname + url.search);
  }
  return t.post(url.pathname + url.search, request);
}

/** The data of a successful call, checked against the descriptor's response schema. */
export async function vodData<D extends CallDescriptor>(
  t: TestServer,
  d: D,
  request: Record<string, unknown> = {},
  token?: string,
): Promise<ReturnType<D['response']['parse']>> {
  const { body } = await vodCall(t, d, request, token);
  expect(body.errMsg).toBe('success');
  return d.response.parse(body.data) as ReturnType<D['response']['parse']>;
}

/** A play-progress report of a 600 s title at `playedTime`, as the player sends it (spec §3). */
export const progressReport = (metaId: string, playedTime: number, extra: Record<string, unknown> = {}) => ({
  metaId,
  videoType: 'MOVIE',
  imdbId: 'tt0000001',
  tmdbId: '1',
  episodeNo: null,
  seasonNo: null,
  played: false,
  playedTime,
  playProgress: (playedTime / 600) * 100,
  totalDuration: 600,
  ...extra,
});
