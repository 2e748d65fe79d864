import { z } from 'zod';
import { sizeText } from './limits.ts';

/**
 * A picture the console uploads (a channel's logo, the brand's logo and app icon): the file as base64 in the JSON
 * body, at most `maxBytes` once decoded. `what` names it in the size error, `choose` says what to pick; the body may
 * hold the picture and a little more.
 */
export function base64Picture(maxBytes: number, what: string, choose: string) {
  const base64Max = Math.ceil((maxBytes * 4) / 3) + 4;
  return {
    maxBodyBytes: base64Max + 4096,
    image: z
      .string()
      .min(8, choose)
      .max(base64Max, `The ${what} must be at most ${sizeText(maxBytes)}`)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/, choose),
  };
}
