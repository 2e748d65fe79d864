import { defineMessages } from '../define.ts';

/** The installable app (decision 0205): the manifest's names, the offline page and the update offer. */
export const pwa = defineMessages({
  en: {
    'pwa.name': '{name} — live TV and films',
    'pwa.shortName': '{name}',
    'pwa.description': 'Live TV with a programme guide, catch-up and films on demand.',
    'pwa.offline.title': 'You are offline',
    'pwa.offline.body': 'This page needs a connection. Check your network and try again.',
    'pwa.offline.retry': 'Try again',
    'pwa.update.message': 'A new version is available',
    'pwa.update.reload': 'Reload',
  },
  es: {
    'pwa.name': '{name} — TV en directo y películas',
    'pwa.shortName': '{name}',
    'pwa.description': 'TV en directo con guía de programación, catch-up y películas bajo demanda.',
    'pwa.offline.title': 'No tienes conexión',
    'pwa.offline.body': 'Esta página necesita conexión. Revisa tu red y vuelve a intentarlo.',
    'pwa.offline.retry': 'Reintentar',
    'pwa.update.message': 'Hay una nueva versión disponible',
    'pwa.update.reload': 'Recargar',
  },
  pt: {
    'pwa.name': '{name} — TV ao vivo e filmes',
    'pwa.shortName': '{name}',
    'pwa.description': 'TV ao vivo com guia de programação, catch-up e filmes sob demanda.',
    'pwa.offline.title': 'Você está offline',
    'pwa.offline.body': 'Esta página precisa de conexão. Verifique sua rede e tente novamente.',
    'pwa.offline.retry': 'Tentar novamente',
    'pwa.update.message': 'Uma nova versão está disponível',
    'pwa.update.reload': 'Recarregar',
  },
});
