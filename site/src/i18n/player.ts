import { DEFAULT_MESSAGES, type PlayerMessages } from '@ottkit/player/react';
import { DEFAULT_LANG, type Lang } from './langs.ts';

/**
 * Every text of the player (@ottkit/player) in the site's languages. English is the player's own
 * `DEFAULT_MESSAGES`; Spanish (Latin America) and Portuguese (Brazil) are typed `Record<keyof PlayerMessages, string>`,
 * so a text the player adds is a type error here (and a failing kit.test.ts).
 */
const es: Record<keyof PlayerMessages, string> = {
  player: 'Reproductor de video',
  play: 'Reproducir',
  pause: 'Pausa',
  mute: 'Silenciar',
  unmute: 'Activar sonido',
  fullscreen: 'Pantalla completa',
  exitFullscreen: 'Salir de pantalla completa',
  pictureInPicture: 'Imagen en imagen',
  backToLive: 'Volver al vivo',
  live: 'En vivo',
  favorite: 'Favorito',
  unfavorite: 'Quitar de favoritos',
  quality: 'Calidad',
  qualityAuto: 'Automática',
  aspectRatio: 'Relación de aspecto',
  aspectAuto: 'Automática',
  audioTrack: 'Audio',
  subtitles: 'Subtítulos',
  subtitlesOff: 'Desactivados',
  speed: 'Velocidad',
  progress: 'Progreso',
  loading: 'Cargando',
  now: 'Ahora',
  next: 'A continuación',
  noAuthority: 'No tienes acceso a este canal.',
  timeshiftError: 'Falló la reproducción en diferido. Vuelve a la transmisión en vivo.',
  backToLiveTip: 'Este programa ya terminó. ¿Volver a la transmisión en vivo?',
  ok: 'Aceptar',
  cancel: 'Cancelar',
  playerError: 'No se pudo reproducir este video. Inténtalo de nuevo o elige otro.',
  errorNetwork: 'No se pudo cargar este video ahora. Inténtalo de nuevo en un momento.',
  errorDrm: 'Este video está protegido y no se puede reproducir en este dispositivo.',
  errorUnsupported: 'Este navegador no puede reproducir este video. Prueba con otro navegador o dispositivo.',
  channelUnavailable: 'Este canal no está disponible en este momento. Inténtalo de nuevo o elige otro canal.',
  retry: 'Reintentar',
  back: 'Volver',
  playNext: 'Reproducir siguiente',
  episodes: 'Episodios',
  floatingWindow: 'Reproduciendo en ventana flotante',
  audioPosters: 'Carteles de audio',
};

const pt: Record<keyof PlayerMessages, string> = {
  player: 'Player de vídeo',
  play: 'Reproduzir',
  pause: 'Pausar',
  mute: 'Silenciar',
  unmute: 'Ativar som',
  fullscreen: 'Tela cheia',
  exitFullscreen: 'Sair da tela cheia',
  pictureInPicture: 'Picture-in-picture',
  backToLive: 'Voltar ao vivo',
  live: 'Ao vivo',
  favorite: 'Favoritar',
  unfavorite: 'Remover dos favoritos',
  quality: 'Qualidade',
  qualityAuto: 'Automática',
  aspectRatio: 'Proporção',
  aspectAuto: 'Automática',
  audioTrack: 'Áudio',
  subtitles: 'Legendas',
  subtitlesOff: 'Desativadas',
  speed: 'Velocidade',
  progress: 'Progresso',
  loading: 'Carregando',
  now: 'Agora',
  next: 'A seguir',
  noAuthority: 'Você não tem acesso a este canal.',
  timeshiftError: 'Falha na reprodução com time-shift. Volte para o ao vivo.',
  backToLiveTip: 'Este programa terminou. Voltar para o ao vivo?',
  ok: 'OK',
  cancel: 'Cancelar',
  playerError: 'Não foi possível reproduzir este vídeo. Tente de novo ou escolha outro.',
  errorNetwork: 'Não foi possível carregar este vídeo agora. Tente de novo em instantes.',
  errorDrm: 'Este vídeo é protegido e não pode ser reproduzido neste dispositivo.',
  errorUnsupported:
    'Este navegador não consegue reproduzir este vídeo. Tente outro navegador ou dispositivo.',
  channelUnavailable: 'Este canal não está disponível no momento. Tente de novo ou escolha outro canal.',
  retry: 'Tentar de novo',
  back: 'Voltar',
  playNext: 'Assistir o próximo',
  episodes: 'Episódios',
  floatingWindow: 'Reproduzindo em janela flutuante',
  audioPosters: 'Pôsteres de áudio',
};

/** The player's texts per language, complete: pass as the player components' `messages` prop. */
export const playerMessages: Record<Lang, PlayerMessages> = { en: DEFAULT_MESSAGES, es, pt };

/** The player's texts in one language (the same object every call): the only place islands take them from. */
export function playerMessagesFor(lang: Lang): PlayerMessages {
  return playerMessages[lang] ?? playerMessages[DEFAULT_LANG];
}
