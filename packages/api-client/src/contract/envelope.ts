import { z } from 'zod';

/** Every response is one envelope (spec §8): errCode 0 is success. */
export interface Envelope<T> {
  errCode: number;
  errMsg: string;
  data?: T;
}

export const envelopeSchema = z.object({
  errCode: z.number().int(),
  errMsg: z.string(),
  data: z.unknown().optional(),
});

export function ok<T>(data: T): Envelope<T> {
  return { errCode: 0, errMsg: 'success', data };
}

export function fail(errCode: number, errMsg: string): Envelope<never> {
  return { errCode, errMsg };
}
