import { NAME_MAX_CHARS } from '@ottkit/api-client/contract';
import { adminAudit } from './adminAudit.ts';
import { adminCommerce } from './adminCommerce.ts';
import { adminCredits } from './adminCredits.ts';
import { adminDashboard } from './adminDashboard.ts';
import { adminHomeLayout } from './adminHomeLayout.ts';
import { adminLineup } from './adminLineup.ts';
import { adminLive } from './adminLive.ts';
import { adminNotices } from './adminNotices.ts';
import { adminSeries } from './adminSeries.ts';
import { adminLibraries } from './adminLibraries.ts';
import { adminSources } from './adminSources.ts';
import { adminSubscribers } from './adminSubscribers.ts';
import { adminBrand } from './adminBrand.ts';
import { adminMail } from './adminMail.ts';
import { adminTitles } from './adminTitles.ts';
import { defineMessages, fillPlaceholders } from './define.ts';
import type { Lang } from './langs.ts';
import { type PluralBase, pluralKey } from './plural.ts';

/**
 * The operator console's texts (issue 18): a catalogue of its own, like the kit's and the player's, so the
 * subscribers' pages never ship them (decision 0214). Only /admin pages and islands use it.
 */
export const admin = defineMessages({
  en: {
    'admin.title': 'Operator console',
    'admin.nav': 'Console',
    'admin.nav.menu': 'Menu',
    'admin.nav.area.live': 'Live',
    'admin.nav.area.library': 'Library',
    'admin.nav.area.subscribers': 'Subscribers',
    'admin.nav.area.service': 'Service',
    'admin.nav.home': 'Console home',
    'admin.nav.subscribers': 'Subscribers',
    'admin.nav.audit': 'Audit log',
    'admin.nav.sources': 'Sources',
    'admin.signOut': 'Sign out',
    'admin.signedInAs': 'Signed in as {email} ({role})',
    'admin.role.admin': 'admin',
    'admin.role.editor': 'editor',
    'admin.role.support': 'support',
    'admin.roleRefused': 'Your role cannot open this screen. Ask an admin.',
    'admin.home.subscribers': 'Search subscribers, see their plans, devices and sessions, grant a plan.',
    'admin.home.audit': 'Every change operators made: who, when, what, before and after.',
    'admin.home.sources': 'Add an M3U playlist or an XMLTV guide by URL, preview its groups, import it.',
    'admin.login.title': 'Console sign-in',
    'admin.login.email': 'Email',
    'admin.login.password': 'Password',
    'admin.login.next': 'Continue',
    'admin.login.code': 'Authenticator code',
    'admin.login.codeHint': 'The 6 digits your authenticator app shows now.',
    'admin.login.recovery': 'Recovery code',
    'admin.login.useRecovery': 'Use a recovery code instead',
    'admin.login.useCode': 'Use the authenticator code',
    'admin.login.signIn': 'Sign in',
    'admin.login.enrolTitle': 'Set up your authenticator',
    'admin.login.enrolText':
      'Scan this QR code with an authenticator app (or type the key), then enter the 6 digits it shows.',
    'admin.login.qr': 'QR code to add ottkit to your authenticator app',
    'admin.login.key': 'Key',
    'admin.login.recoveryTitle': 'Save your recovery codes',
    'admin.login.recoveryText':
      'Each code signs you in once if you lose your authenticator. They are shown only now: store them safely.',
    'admin.login.recoverySaved': 'I saved them, continue',
    'admin.login.startAgain': 'Start again',
    'admin.error.email': 'Enter a valid email address',
    'admin.error.required': 'This field is required',
    'admin.error.code': 'Enter the 6 digits your authenticator app shows',
    'admin.error.recovery': 'Enter a recovery code as it was printed: XXXXX-XXXXX',
    'admin.error.credentials': 'Wrong email or password',
    'admin.error.wrongCode': 'Wrong or already used code. Wait for the next one and try again.',
    'admin.error.expired': 'This sign-in expired. Enter your password again.',
    'admin.error.tooMany': 'Too many attempts. Wait a little and try again.',
    'admin.error.url': 'Enter an http:// or https:// address',
    'admin.error.name': `Give it a name of at most ${NAME_MAX_CHARS} characters`,
    'admin.error.generic': 'That did not work: {message}',
    'admin.confirm.title': 'Please confirm',
    'admin.confirm.yes': 'Confirm',
    'admin.confirm.cancel': 'Cancel',
    'admin.nav.dashboard': 'Dashboard',
    'admin.home.dashboard':
      'Viewers now, plays per hour and how playback goes: start-up time, rebuffering, errors.',
    'admin.nav.titles': 'Titles',
    'admin.home.titles': 'Create movies, upload and transcode their video, publish them to subscribers.',
    'admin.nav.home.layout': 'Home page',
    'admin.home.homeLayout': "Order, add and remove the home page's banners and rows.",
    'admin.nav.live': 'Live inputs',
    'admin.home.live':
      'Each channel’s live sources in priority order, relay or record, and their health now.',
  },
  es: {
    'admin.title': 'Consola del operador',
    'admin.nav': 'Consola',
    'admin.nav.menu': 'Menú',
    'admin.nav.area.live': 'En directo',
    'admin.nav.area.library': 'Catálogo',
    'admin.nav.area.subscribers': 'Suscriptores',
    'admin.nav.area.service': 'Servicio',
    'admin.nav.home': 'Inicio de la consola',
    'admin.nav.subscribers': 'Suscriptores',
    'admin.nav.audit': 'Registro de auditoría',
    'admin.nav.sources': 'Fuentes',
    'admin.signOut': 'Cerrar sesión',
    'admin.signedInAs': 'Sesión de {email} ({role})',
    'admin.role.admin': 'administrador',
    'admin.role.editor': 'editor',
    'admin.role.support': 'soporte',
    'admin.roleRefused': 'Tu rol no puede abrir esta pantalla. Pídeselo a un administrador.',
    'admin.home.subscribers':
      'Busca suscriptores, mira sus planes, dispositivos y sesiones, concede un plan.',
    'admin.home.audit': 'Cada cambio de los operadores: quién, cuándo, qué, antes y después.',
    'admin.home.sources': 'Añade una lista M3U o una guía XMLTV por URL, mira sus grupos e impórtala.',
    'admin.login.title': 'Acceso a la consola',
    'admin.login.email': 'Correo electrónico',
    'admin.login.password': 'Contraseña',
    'admin.login.next': 'Continuar',
    'admin.login.code': 'Código del autenticador',
    'admin.login.codeHint': 'Los 6 dígitos que muestra ahora tu app de autenticación.',
    'admin.login.recovery': 'Código de recuperación',
    'admin.login.useRecovery': 'Usar un código de recuperación',
    'admin.login.useCode': 'Usar el código del autenticador',
    'admin.login.signIn': 'Entrar',
    'admin.login.enrolTitle': 'Configura tu autenticador',
    'admin.login.enrolText':
      'Escanea este código QR con una app de autenticación (o escribe la clave) y luego introduce los 6 dígitos que muestra.',
    'admin.login.qr': 'Código QR para añadir ottkit a tu app de autenticación',
    'admin.login.key': 'Clave',
    'admin.login.recoveryTitle': 'Guarda tus códigos de recuperación',
    'admin.login.recoveryText':
      'Cada código te deja entrar una vez si pierdes el autenticador. Solo se muestran ahora: guárdalos bien.',
    'admin.login.recoverySaved': 'Los he guardado, continuar',
    'admin.login.startAgain': 'Empezar de nuevo',
    'admin.error.email': 'Introduce un correo electrónico válido',
    'admin.error.required': 'Este campo es obligatorio',
    'admin.error.code': 'Introduce los 6 dígitos que muestra tu app de autenticación',
    'admin.error.recovery': 'Introduce un código de recuperación tal como se imprimió: XXXXX-XXXXX',
    'admin.error.credentials': 'Correo o contraseña incorrectos',
    'admin.error.wrongCode': 'Código incorrecto o ya usado. Espera al siguiente y vuelve a intentarlo.',
    'admin.error.expired': 'Este acceso caducó. Vuelve a introducir tu contraseña.',
    'admin.error.tooMany': 'Demasiados intentos. Espera un poco y vuelve a intentarlo.',
    'admin.error.url': 'Introduce una dirección http:// o https://',
    'admin.error.name': `Ponle un nombre de ${NAME_MAX_CHARS} caracteres como máximo`,
    'admin.error.generic': 'No ha funcionado: {message}',
    'admin.confirm.title': 'Confirma la acción',
    'admin.confirm.yes': 'Confirmar',
    'admin.confirm.cancel': 'Cancelar',
    'admin.nav.dashboard': 'Panel',
    'admin.home.dashboard':
      'Espectadores ahora, reproducciones por hora y cómo va la reproducción: arranque, rebuffering, errores.',
    'admin.nav.titles': 'Títulos',
    'admin.home.titles': 'Crea películas, sube y transcodifica su vídeo, publícalas para los abonados.',
    'admin.nav.home.layout': 'Página de inicio',
    'admin.home.homeLayout': 'Ordena, añade y quita los banners y filas de la página de inicio.',
    'admin.nav.live': 'Entradas en directo',
    'admin.home.live':
      'Las fuentes en directo de cada canal por prioridad, relay o grabación, y su estado ahora.',
  },
  pt: {
    'admin.title': 'Consola do operador',
    'admin.nav': 'Consola',
    'admin.nav.menu': 'Menu',
    'admin.nav.area.live': 'Ao vivo',
    'admin.nav.area.library': 'Catálogo',
    'admin.nav.area.subscribers': 'Assinantes',
    'admin.nav.area.service': 'Serviço',
    'admin.nav.home': 'Início da consola',
    'admin.nav.subscribers': 'Assinantes',
    'admin.nav.audit': 'Registo de auditoria',
    'admin.nav.sources': 'Fontes',
    'admin.signOut': 'Terminar sessão',
    'admin.signedInAs': 'Sessão de {email} ({role})',
    'admin.role.admin': 'administrador',
    'admin.role.editor': 'editor',
    'admin.role.support': 'suporte',
    'admin.roleRefused': 'O seu papel não pode abrir este ecrã. Peça a um administrador.',
    'admin.home.subscribers': 'Procure assinantes, veja os planos, dispositivos e sessões, conceda um plano.',
    'admin.home.audit': 'Cada alteração dos operadores: quem, quando, o quê, antes e depois.',
    'admin.home.sources': 'Adicione uma lista M3U ou um guia XMLTV por URL, veja os grupos e importe.',
    'admin.login.title': 'Entrada na consola',
    'admin.login.email': 'Email',
    'admin.login.password': 'Palavra-passe',
    'admin.login.next': 'Continuar',
    'admin.login.code': 'Código do autenticador',
    'admin.login.codeHint': 'Os 6 dígitos que a sua app de autenticação mostra agora.',
    'admin.login.recovery': 'Código de recuperação',
    'admin.login.useRecovery': 'Usar um código de recuperação',
    'admin.login.useCode': 'Usar o código do autenticador',
    'admin.login.signIn': 'Entrar',
    'admin.login.enrolTitle': 'Configure o seu autenticador',
    'admin.login.enrolText':
      'Leia este código QR com uma app de autenticação (ou escreva a chave) e introduza os 6 dígitos que mostra.',
    'admin.login.qr': 'Código QR para adicionar o ottkit à sua app de autenticação',
    'admin.login.key': 'Chave',
    'admin.login.recoveryTitle': 'Guarde os seus códigos de recuperação',
    'admin.login.recoveryText':
      'Cada código deixa-o entrar uma vez se perder o autenticador. Só são mostrados agora: guarde-os bem.',
    'admin.login.recoverySaved': 'Guardei-os, continuar',
    'admin.login.startAgain': 'Recomeçar',
    'admin.error.email': 'Introduza um email válido',
    'admin.error.required': 'Este campo é obrigatório',
    'admin.error.code': 'Introduza os 6 dígitos que a sua app de autenticação mostra',
    'admin.error.recovery': 'Introduza um código de recuperação como foi impresso: XXXXX-XXXXX',
    'admin.error.credentials': 'Email ou palavra-passe errados',
    'admin.error.wrongCode': 'Código errado ou já usado. Espere pelo seguinte e tente de novo.',
    'admin.error.expired': 'Esta entrada expirou. Introduza de novo a palavra-passe.',
    'admin.error.tooMany': 'Demasiadas tentativas. Espere um pouco e tente de novo.',
    'admin.error.url': 'Introduza um endereço http:// ou https://',
    'admin.error.name': `Dê-lhe um nome com ${NAME_MAX_CHARS} caracteres no máximo`,
    'admin.error.generic': 'Não funcionou: {message}',
    'admin.confirm.title': 'Confirme a ação',
    'admin.confirm.yes': 'Confirmar',
    'admin.confirm.cancel': 'Cancelar',
    'admin.nav.dashboard': 'Painel',
    'admin.home.dashboard':
      'Espectadores agora, reproduções por hora e como corre a reprodução: arranque, rebuffering, erros.',
    'admin.nav.titles': 'Títulos',
    'admin.home.titles': 'Crie filmes, carregue e transcodifique o vídeo, publique-os para os assinantes.',
    'admin.nav.home.layout': 'Página inicial',
    'admin.home.homeLayout': 'Ordene, adicione e remova os banners e filas da página inicial.',
    'admin.nav.live': 'Entradas ao vivo',
    'admin.home.live':
      'As fontes ao vivo de cada canal por prioridade, relay ou gravação, e o seu estado agora.',
  },
});

// Every screen's catalogue of its own (decision 0240), merged the one way here.
/** Every part of the console's catalogue; a key is in one part only (admin.test.ts). */
export const adminParts = [
  admin,
  adminAudit,
  adminCommerce,
  adminCredits,
  adminDashboard,
  adminHomeLayout,
  adminLibraries,
  adminLineup,
  adminLive,
  adminMail,
  adminBrand,
  adminNotices,
  adminSeries,
  adminSources,
  adminSubscribers,
  adminTitles,
] as const;
/** Each part's keys, taken part by part (a union of parts would keep only the keys they share). */
type KeysOf<P> = P extends { en: infer E } ? keyof E : never;
export type AdminKey = KeysOf<(typeof adminParts)[number]>;
const merge = (lang: Lang) =>
  Object.assign({}, ...adminParts.map((p) => p[lang])) as Record<AdminKey, string>;
const catalogues = { en: merge('en'), es: merge('es'), pt: merge('pt') };
type Values = Record<string, string | number>;
export type AdminT = ((key: AdminKey, values?: Values) => string) & {
  /** A counted text, `<base>.one` or `<base>.other` by the language's rule (plural.ts), with `{n}` filled. */
  count: (base: PluralBase<AdminKey>, n: number, values?: Values) => string;
};

/** A translator for the console; `{name}` placeholders are filled from `values`. */
export function createAdminT(lang: Lang): AdminT {
  const catalogue: Record<AdminKey, string> = catalogues[lang];
  const t = (key: AdminKey, values?: Values) =>
    fillPlaceholders(catalogue[key] ?? catalogues.en[key], values);
  return Object.assign(t, {
    count: (base: PluralBase<AdminKey>, n: number, values?: Values) =>
      t(pluralKey<AdminKey>(lang, base, n), { ...values, n }),
  });
}
