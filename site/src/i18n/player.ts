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
  playerError: 'Error de reproducción',
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
  playerError: 'Erro de reprodução',
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
