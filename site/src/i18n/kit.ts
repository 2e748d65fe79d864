import { defaultMessages, type MessageKey as KitMessageKey, type Messages } from '@ottkit/ui';
import { DEFAULT_LANG, type Lang } from './langs.ts';

/**
 * Every text of the UI kit (@ottkit/ui) in the site's languages. English is the kit's own `defaultMessages`,
 * so the spec's quoted texts stay word for word; Spanish (Latin America) and Portuguese (Brazil) are typed
 * `Record<KitMessageKey, string>`, so a text the kit adds is a type error here (and a failing kit.test.ts).
 * `{name}` placeholders must be the English ones; the kit fills them with `formatMessage`.
 */
const es: Record<KitMessageKey, string> = {
  // ChannelRow
  favoriteAdd: 'Añadir {channel} a favoritos',
  favoriteRemove: 'Quitar {channel} de favoritos',
  channelNumber: 'Canal {number}',
  noLiveAuthority: 'Bloqueado: sin permiso para ver en vivo',
  catchupAvailable: 'Catch-up disponible',
  catchupLocked: 'Catch-up bloqueado: sin permiso de reproducción',
  nowPlaying: 'Ahora: {programme}',
  // ProgrammeRow
  programmeSubscribe: 'Suscribirse',
  programmeSubscribed: 'Suscrito',
  programmePlaying: 'En emisión',
  programmePlayback: 'Ver de nuevo',
  programmeTime: '{start} – {stop}',
  actionLocked: 'Bloqueado',
  actionPurchase: 'Requiere compra',
  // Spinner, EmptyTip
  loading: 'Cargando',
  emptyList: 'Esta lista está vacía',
  // HorizontalScroller
  scrollPrevious: 'Desplazar hacia atrás',
  scrollNext: 'Desplazar hacia adelante',
  // Card
  cardLocked: 'Bloqueado',
  cardEpgExpired: 'La fuente de la guía caducó',
  cardRating: 'Calificación {rating}',
  cardRemainingDays: 'Quedan {days} días',
  cardRemainingHours: 'Quedan {hours} h',
  cardRemainingMinutes: 'Quedan {minutes} min',
  cardAvailableUntil: 'Hasta el {date}',
  cardSelect: 'Seleccionar {title}',
  play: 'Reproducir',
  details: 'Detalles',
  // BannerCarousel
  bannerLabel: 'En portada',
  bannerSlide: 'Diapositiva {index} de {count}',
  bannerGoTo: 'Mostrar diapositiva {index}: {title}',
  // Dialogs
  close: 'Cerrar',
  noAuthorityTitle: 'Sin permiso',
  noAuthorityUser: 'Tu plan no incluye este contenido. Compra un plan para verlo.',
  noAuthorityGuest: '¡Al iniciar sesión podrás explorar más contenido de video y obtener más permisos!',
  purchase: 'Comprar',
  loginOrSignUp: 'Iniciar sesión/Registrarse',
  reminderTitle: 'Recordatorio de programa',
  reminderStartsAt: 'Empieza a las {time}',
  reminderMore: 'También a continuación',
  watchNow: 'Ver ahora',
  ignore: 'Ignorar',
  // SendCodeButton
  sendCode: 'Enviar código',
  sendCodeCountdown: 'Reenviar en {seconds} s',
  // PurchaseDialog, RechargeCodeInput
  purchaseTitle: 'Comprar',
  noPaymentMethod: 'No hay ningún método de pago disponible. Comunícate con tu proveedor de servicio.',
  rechargeCodeLabel: 'Código de recarga',
  rechargeCodePlaceholder: 'Ingresa el código de recarga de {max} dígitos',
  rechargeCodeHint: '{count} de {max} dígitos',
  rechargeConfirm: 'Confirmar',
  purchaseGuide: 'Cómo recargar',
  choosePlan: 'Comprar {plan}',
  memberSite: 'Ir al sitio de miembros',
  discountFrom: 'Antes {price}',
  // NoticePopup, Marquee
  noticeTitle: 'Aviso',
  ok: 'Aceptar',
};

const pt: Record<KitMessageKey, string> = {
  // ChannelRow
  favoriteAdd: 'Favoritar {channel}',
  favoriteRemove: 'Remover {channel} dos favoritos',
  channelNumber: 'Canal {number}',
  noLiveAuthority: 'Bloqueado: sem permissão para assistir ao vivo',
  catchupAvailable: 'Catch-up disponível',
  catchupLocked: 'Catch-up bloqueado: sem permissão de reprodução',
  nowPlaying: 'Agora: {programme}',
  // ProgrammeRow
  programmeSubscribe: 'Inscrever-se',
  programmeSubscribed: 'Inscrito',
  programmePlaying: 'No ar',
  programmePlayback: 'Assistir de novo',
  programmeTime: '{start} – {stop}',
  actionLocked: 'Bloqueado',
  actionPurchase: 'Compra necessária',
  // Spinner, EmptyTip
  loading: 'Carregando',
  emptyList: 'Esta lista está vazia',
  // HorizontalScroller
  scrollPrevious: 'Rolar para trás',
  scrollNext: 'Rolar para frente',
  // Card
  cardLocked: 'Bloqueado',
  cardEpgExpired: 'A fonte do guia expirou',
  cardRating: 'Nota {rating}',
  cardRemainingDays: 'Faltam {days} dias',
  cardRemainingHours: 'Faltam {hours} h',
  cardRemainingMinutes: 'Faltam {minutes} min',
  cardAvailableUntil: 'Até {date}',
  cardSelect: 'Selecionar {title}',
  play: 'Assistir',
  details: 'Detalhes',
  // BannerCarousel
  bannerLabel: 'Em destaque',
  bannerSlide: 'Slide {index} de {count}',
  bannerGoTo: 'Mostrar slide {index}: {title}',
  // Dialogs
  close: 'Fechar',
  noAuthorityTitle: 'Sem permissão',
  noAuthorityUser: 'Seu plano não inclui este conteúdo. Compre um plano para assisti-lo.',
  noAuthorityGuest: 'Depois de entrar, você pode explorar mais conteúdo de vídeo e obter mais permissões!',
  purchase: 'Comprar',
  loginOrSignUp: 'Entrar/Cadastrar-se',
  reminderTitle: 'Lembrete de programa',
  reminderStartsAt: 'Começa às {time}',
  reminderMore: 'Também a seguir',
  watchNow: 'Assistir agora',
  ignore: 'Ignorar',
  // SendCodeButton
  sendCode: 'Enviar código',
  sendCodeCountdown: 'Reenviar em {seconds} s',
  // PurchaseDialog, RechargeCodeInput
  purchaseTitle: 'Comprar',
  noPaymentMethod: 'Nenhuma forma de pagamento disponível. Entre em contato com sua operadora.',
  rechargeCodeLabel: 'Código de recarga',
  rechargeCodePlaceholder: 'Digite o código de recarga de {max} dígitos',
  rechargeCodeHint: '{count} de {max} dígitos',
  rechargeConfirm: 'Confirmar',
  purchaseGuide: 'Como recarregar',
  choosePlan: 'Comprar {plan}',
  memberSite: 'Ir para o site de assinantes',
  discountFrom: 'De {price}',
  // NoticePopup, Marquee
  noticeTitle: 'Aviso',
  ok: 'OK',
};

/** The kit's texts per language, complete (no English fallback needed): pass to `<MessagesProvider>`. */
export const kitMessages: Record<Lang, Messages> = { en: defaultMessages, es, pt };

/**
 * The kit's texts in one language, for `<MessagesProvider messages={kitMessagesFor(lang)}>`: the only place
 * the site's islands take kit texts from (no copies in the area catalogues, decision 0186). The same object
 * every call, so React memoisation downstream holds.
 */
export function kitMessagesFor(lang: Lang): Messages {
  return kitMessages[lang] ?? kitMessages[DEFAULT_LANG];
}

/** The kit texts a card list or the banner shows (Card, HorizontalScroller, BannerCarousel). */
const CARD_LIST_KEYS = [
  'cardLocked',
  'cardEpgExpired',
  'cardRating',
  'cardRemainingDays',
  'cardRemainingHours',
  'cardRemainingMinutes',
  'cardAvailableUntil',
  'cardSelect',
  'play',
  'details',
  'scrollPrevious',
  'scrollNext',
  'bannerLabel',
  'bannerSlide',
  'bannerGoTo',
] as const satisfies readonly KitMessageKey[];
export type CardListTexts = Pick<Messages, (typeof CARD_LIST_KEYS)[number]>;

/**
 * The card lists' and the banner's kit texts in one language, picked on the server: the catalogue pages pass them
 * to those islands as a prop, so /home carries neither this catalogue nor the other languages (decision 0340).
 */
export function cardListTexts(lang: Lang): CardListTexts {
  const all = kitMessagesFor(lang);
  return Object.fromEntries(CARD_LIST_KEYS.map((key) => [key, all[key]])) as CardListTexts;
}
