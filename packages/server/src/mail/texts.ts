import { DEFAULT_LANG, isLang, type Lang } from '@ottkit/api-client/langs';

/**
 * What ottkit sends to a subscriber, in their language (issue 40): one entry per message, `{name}` the operator's
 * service name, the rest the message's own values. Plain text; the HTML part is built from the same lines
 * (`composeMessage`), so the two never say different things.
 */
const TEXTS = {
  en: {
    'register.subject': 'Your {name} sign-up code',
    'register.lines': [
      'Your sign-up code is {code}.',
      'It expires in 10 minutes.',
      'If you did not ask for it, ignore this message.',
    ],
    'resetPassword.subject': 'Your {name} password reset code',
    'resetPassword.lines': [
      'Your password reset code is {code}.',
      'It expires in 10 minutes.',
      'If you did not ask for it, ignore this message.',
    ],
    'resetPassword.link': 'Enter it at {link} and choose a new password.',
    'accountExists.subject': 'Your {name} account',
    'accountExists.lines': [
      'Someone asked to sign up to {name} with this address, but it has an account already.',
      'Log in, or reset your password if you forgot it.',
      'If you did not ask, ignore this message.',
    ],
  },
  es: {
    'register.subject': 'Tu código de registro en {name}',
    'register.lines': [
      'Tu código de registro es {code}.',
      'Caduca en 10 minutos.',
      'Si no lo pediste, ignora este mensaje.',
    ],
    'resetPassword.subject': 'Tu código para restablecer la contraseña de {name}',
    'resetPassword.lines': [
      'Tu código para restablecer la contraseña es {code}.',
      'Caduca en 10 minutos.',
      'Si no lo pediste, ignora este mensaje.',
    ],
    'resetPassword.link': 'Introdúcelo en {link} y elige una contraseña nueva.',
    'accountExists.subject': 'Tu cuenta de {name}',
    'accountExists.lines': [
      'Alguien pidió registrarse en {name} con esta dirección, pero ya tiene una cuenta.',
      'Inicia sesión, o restablece tu contraseña si la olvidaste.',
      'Si no lo pediste, ignora este mensaje.',
    ],
  },
  // Brazilian Portuguese, as the site's catalogue.
  pt: {
    'register.subject': 'Seu código de cadastro no {name}',
    'register.lines': [
      'Seu código de cadastro é {code}.',
      'Ele expira em 10 minutos.',
      'Se você não pediu, ignore esta mensagem.',
    ],
    'resetPassword.subject': 'Seu código para redefinir a senha do {name}',
    'resetPassword.lines': [
      'Seu código para redefinir a senha é {code}.',
      'Ele expira em 10 minutos.',
      'Se você não pediu, ignore esta mensagem.',
    ],
    'resetPassword.link': 'Digite-o em {link} e escolha uma nova senha.',
    'accountExists.subject': 'Sua conta no {name}',
    'accountExists.lines': [
      'Alguém pediu para se cadastrar no {name} com este endereço, mas ele já tem uma conta.',
      'Entre, ou redefina sua senha se a esqueceu.',
      'Se você não pediu, ignore esta mensagem.',
    ],
  },
} as const satisfies Record<Lang, Record<string, string | readonly string[]>>;

export type MessageKind = 'register' | 'resetPassword' | 'accountExists';

export interface ComposedMessage {
  lang: Lang;
  subject: string;
  /** Plain text: the lines, one paragraph each. */
  body: string;
  html: string;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A message of `kind` in `lang` (the language the page asked in; English when ottkit has none such), signed with
 * the operator's service name. `values` carries the code and, for a reset sent by support, the link.
 */
export function composeMessage(
  kind: MessageKind,
  lang: string,
  name: string,
  values: { code?: string; link?: string } = {},
): ComposedMessage {
  const l: Lang = isLang(lang) ? lang : DEFAULT_LANG;
  const t = TEXTS[l];
  const all = { ...values, name } as Record<string, string>;
  const lines: string[] = [...t[`${kind}.lines`]].map((line) => fill(line, all));
  if (kind === 'resetPassword' && values.link) lines.splice(2, 0, fill(t['resetPassword.link'], all));
  const subject = fill(t[`${kind}.subject`], all);
  const html =
    `<!doctype html><html lang="${l}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">` +
    `<p style="font-size:1.25em;font-weight:600">${escapeHtml(name)}</p>` +
    lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
    '</body></html>';
  return { lang: l, subject, body: lines.join('\n\n'), html };
}
