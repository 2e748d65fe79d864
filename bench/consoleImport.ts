import { type Job, operatorContract as oc } from '../packages/api-client/src/contract/index.ts';
import { hashPasswordSync } from '../packages/server/src/domain/passwords.ts';
import { CLI_ACTOR } from '../packages/server/src/operator/audit.ts';
import { createStaff } from '../packages/server/src/operator/staff.ts';
import { base32Decode, totpCode } from '../packages/server/src/operator/totp.ts';
import type { Db } from '../packages/server/src/store/db.ts';

/** One console call as the console makes it (its session cookie, its origin): the envelope's data, or a failure. */
async function consoleCall<T>(base: string, path: string, cookie: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: base },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { errCode: number; errMsg: string; data?: T };
  if (answer.errCode !== 0) throw new Error(`${path}: ${answer.errMsg}`);
  return answer.data as T;
}

/** An editor made in `store` (as the command line makes one), signed in with their first TOTP code: the cookie. */
async function signInEditor(base: string, store: Db): Promise<string> {
  const email = `bench-editor-${Date.now()}@ottkit.test`;
  const { password } = await createStaff(
    store,
    CLI_ACTOR,
    email,
    'editor',
    (p) => hashPasswordSync(p, 10),
    Date.now(),
  );
  const O = oc.operator;
  const d = await consoleCall<{ challenge: string; enrol: { secret: string } }>(
    base,
    O.operatorSignIn.path,
    '',
    { email, password },
  );
  // The session is the answer's cookie, which `consoleCall` does not keep.
  const step2 = await fetch(`${base}${O.operatorTotp.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      challenge: d.challenge,
      code: totpCode(base32Decode(d.enrol.secret), Date.now()),
    }),
  });
  return (step2.headers.getSetCookie()[0] ?? '').split(';')[0] as string;
}

/**
 * An editor's import of the playlist at `url` through the console (decision 0445's bench): adds it as a source,
 * imports every group as a job and polls the job each second, as the console does, until it ends. Answers the job's
 * outcome, its wall time and how long the import held the write lock.
 */
export async function consoleImport(base: string, store: Db, url: string): Promise<string> {
  const cookie = await signInEditor(base, store);
  const O = oc.operator;
  const name = `bench-${Date.now()}`;
  await consoleCall(base, O.sourceAdd.path, cookie, { name, kind: 'm3u', url });
  const started = performance.now();
  let { job } = await consoleCall<{ job: Job }>(base, O.sourceImport.path, cookie, { name });
  while (job.status === 'queued' || job.status === 'running') {
    await new Promise((r) => setTimeout(r, 1000));
    // A poll the server dropped (its thread stopped past its time-outs) is asked again.
    const polled = await consoleCall<{ job: Job }>(base, `${O.jobGet.path}?jobId=${job.jobId}`, cookie).catch(
      () => undefined,
    );
    if (polled) job = polled.job;
  }
  const wall = ((performance.now() - started) / 1000).toFixed(1);
  const { source } = await consoleCall<{ source: { counts: { lockMs?: number } } }>(
    base,
    `${O.sourceStatus.path}?name=${encodeURIComponent(name)}`,
    cookie,
  );
  return `${job.status} (${job.message}${job.error ? `: ${job.error}` : ''}) in ${wall} s, write lock held ${source.counts.lockMs} ms`;
}
