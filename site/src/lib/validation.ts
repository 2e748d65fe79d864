import {
  CODE_MESSAGE,
  EMAIL_MESSAGE,
  emailSchema,
  PASSWORD_FORMAT_MESSAGE,
  PASSWORD_LENGTH_MESSAGE,
  PHONE_MESSAGE,
  passwordSchema,
  phonePreCodeSchema,
  phoneSchema,
  verificationCodeSchema,
} from '@ottkit/api-client';

/**
 * The spec §5 rules for the account forms, as the contract states them, answering an i18n key (the English
 * texts are the spec's words) or null when the value is fine. Same schemas as the server: no drift.
 */
export type ValidationKey =
  | 'account.error.passwordLength'
  | 'account.error.passwordFormat'
  | 'account.error.email'
  | 'account.error.phone'
  | 'account.error.code';

const BY_MESSAGE: Record<string, ValidationKey> = {
  [PASSWORD_LENGTH_MESSAGE]: 'account.error.passwordLength',
  [PASSWORD_FORMAT_MESSAGE]: 'account.error.passwordFormat',
  [EMAIL_MESSAGE]: 'account.error.email',
  [PHONE_MESSAGE]: 'account.error.phone',
  [CODE_MESSAGE]: 'account.error.code',
};

function check(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: string,
  fallback: ValidationKey,
): ValidationKey | null {
  const r = schema.safeParse(value);
  if (r.success) return null;
  return BY_MESSAGE[r.error?.issues[0]?.message ?? ''] ?? fallback;
}

/** 6-16 characters ('The password must be 6-16 characters in length'), else 'Wrong password format'. */
export const validatePassword = (v: string) => check(passwordSchema, v, 'account.error.passwordFormat');
export const validateEmail = (v: string) => check(emailSchema, v, 'account.error.email');
/** A national number (4-15 digits) with its country code. */
export function validatePhone(preCode: string, phone: string): ValidationKey | null {
  return (
    check(phonePreCodeSchema, preCode, 'account.error.phone') ??
    check(phoneSchema, phone, 'account.error.phone')
  );
}
/** Sign-up and password-reset codes: 4 digits. */
export const validateCode = (v: string) => check(verificationCodeSchema, v, 'account.error.code');

/** An email when it has an '@', else a phone number (digits, spaces and dashes dropped). */
export function addressKind(v: string): 'email' | 'phone' {
  return v.includes('@') ? 'email' : 'phone';
}
export const phoneDigits = (v: string) => v.replace(/[\s()-]/g, '');
