import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OperatorRole } from '@ottkit/api-client/contract';
import { ffmpegPath } from '../src/media/ffmpeg.ts';
import { hashPasswordSync } from '../src/domain/passwords.ts';
import { CLI_ACTOR } from '../src/operator/audit.ts';
import { createStaff } from '../src/operator/staff.ts';
import { base32Decode, totpCode } from '../src/operator/totp.ts';
import type { ApiAnswer, TestServer } from './helpers.ts';

export interface SignedIn {
  operatorId: string;
  email: string;
  password: string;
  secret: Buffer;
  cookie: string;
  recoveryCodes: string[];
}

/** An operator made like the CLI makes one (cheap hashes), in the test server's database. */
export async function makeOperator(t: TestServer, email: string, role: OperatorRole) {
  const { operator, password } = await createStaff(
    t.server.db,
    CLI_ACTOR,
    email,
    role,
    (p) => hashPasswordSync(p, 10),
    t.clock.now,
  );
  return { operatorId: operator.operatorId, email, password };
}

export const cookieOf = (a: ApiAnswer) => (a.headers.getSetCookie()[0] ?? '').split(';')[0] as string;

/** Password, then the enrolment's first code computed as an authenticator app would: the console session. */
export async function signInOperator(t: TestServer, email: string, role: OperatorRole): Promise<SignedIn> {
  const made = await makeOperator(t, email, role);
  const step1 = await t.post('/admin/api/signIn', { email, password: made.password });
  if (step1.body.errCode !== 0) throw new Error(`signIn: ${step1.body.errMsg}`);
  const d = step1.body.data as { challenge: string; enrol: { secret: string } };
  const secret = base32Decode(d.enrol.secret);
  const step2 = await t.post('/admin/api/totp', {
    challenge: d.challenge,
    code: totpCode(secret, t.clock.now),
  });
  if (step2.body.errCode !== 0) throw new Error(`totp: ${step2.body.errMsg}`);
  return {
    ...made,
    secret,
    cookie: cookieOf(step2),
    recoveryCodes: (step2.body.data as { recoveryCodes: string[] }).recoveryCodes,
  };
}

/** A short H.264/AAC clip (test pattern and a tone) made with ffmpeg in `dir`, for the titles' upload. */
export function testClip(dir: string, name: string, seconds: number): Buffer {
  const file = join(dir, name);
  execFileSync(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...[
      '-f',
      'lavfi',
      '-i',
      `testsrc2=s=320x180:r=25:d=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=f=300:d=${seconds}`,
    ],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
  ]);
  return readFileSync(file);
}
