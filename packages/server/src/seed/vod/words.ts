import { LANGS, type Lang } from '@ottkit/api-client/contract';

/**
 * Word lists the sample catalogue is composed from, in en, es and pt. A title is "<head>" or
 * "<head> of <tail>"; the tails carry their article (and, in Portuguese, the contraction with "de").
 */
export type Texts = Record<Lang, string>;
export { LANGS, type Lang };

const t = (en: string, es: string, pt: string): Texts => ({ en, es, pt });

export const HEADS: readonly Texts[] = [
  t('The Harbor', 'El Puerto', 'O Porto'),
  t('The Last Light', 'La Última Luz', 'A Última Luz'),
  t('The Garden', 'El Jardín', 'O Jardim'),
  t('The Silent River', 'El Río Silencioso', 'O Rio Silencioso'),
  t('The Long Night', 'La Larga Noche', 'A Longa Noite'),
  t('The Lighthouse', 'El Faro', 'O Farol'),
  t('The Secret', 'El Secreto', 'O Segredo'),
  t('The Storm', 'La Tormenta', 'A Tempestade'),
  t('The Road', 'El Camino', 'A Estrada'),
  t('The Crown', 'La Corona', 'A Coroa'),
  t('The Mirror', 'El Espejo', 'O Espelho'),
  t('The Island', 'La Isla', 'A Ilha'),
  t('The Winter', 'El Invierno', 'O Inverno'),
  t('The Orchard', 'El Huerto', 'O Pomar'),
  t('The Signal', 'La Señal', 'O Sinal'),
  t('The Bridge', 'El Puente', 'A Ponte'),
  t('The Map', 'El Mapa', 'O Mapa'),
  t('The Echo', 'El Eco', 'O Eco'),
  t('The Tower', 'La Torre', 'A Torre'),
  t('The Promise', 'La Promesa', 'A Promessa'),
];

export const TAILS: readonly Texts[] = [
  t('Stars', 'las Estrellas', 'das Estrelas'),
  t('the Sea', 'el Mar', 'do Mar'),
  t('the North', 'el Norte', 'do Norte'),
  t('Fire', 'Fuego', 'de Fogo'),
  t('the City', 'la Ciudad', 'da Cidade'),
  t('Glass', 'Cristal', 'de Vidro'),
  t('the Valley', 'el Valle', 'do Vale'),
  t('Summer', 'Verano', 'de Verão'),
  t('the Wolves', 'los Lobos', 'dos Lobos'),
  t('Gold', 'Oro', 'de Ouro'),
  t('the Desert', 'el Desierto', 'do Deserto'),
  t('Tomorrow', 'Mañana', 'de Amanhã'),
];

/** Genres: id, names, and whether titles in it may be marked sensitive. */
export const GENRES: readonly { id: string; names: Texts }[] = [
  { id: 'action', names: t('Action', 'Acción', 'Ação') },
  { id: 'comedy', names: t('Comedy', 'Comedia', 'Comédia') },
  { id: 'drama', names: t('Drama', 'Drama', 'Drama') },
  { id: 'thriller', names: t('Thriller', 'Suspense', 'Suspense') },
  { id: 'scifi', names: t('Science Fiction', 'Ciencia Ficción', 'Ficção Científica') },
  { id: 'romance', names: t('Romance', 'Romance', 'Romance') },
  { id: 'documentary', names: t('Documentary', 'Documental', 'Documentário') },
  { id: 'animation', names: t('Animation', 'Animación', 'Animação') },
  { id: 'family', names: t('Family', 'Familiar', 'Família') },
  { id: 'crime', names: t('Crime', 'Crimen', 'Crime') },
  { id: 'adventure', names: t('Adventure', 'Aventura', 'Aventura') },
  { id: 'horror', names: t('Horror', 'Terror', 'Terror') },
  { id: 'music', names: t('Music', 'Música', 'Música') },
  { id: 'podcast', names: t('Podcast', 'Pódcast', 'Podcast') },
];

export const THEMES: readonly Texts[] = [
  t('a family that keeps a secret', 'una familia que guarda un secreto', 'uma família que guarda um segredo'),
  t(
    'two strangers on a long journey',
    'dos desconocidos en un largo viaje',
    'dois estranhos numa longa viagem',
  ),
  t('a town waiting for the storm', 'un pueblo que espera la tormenta', 'uma cidade à espera da tempestade'),
  t(
    'an old friendship put to the test',
    'una vieja amistad puesta a prueba',
    'uma velha amizade posta à prova',
  ),
  t('a heist that goes wrong', 'un golpe que sale mal', 'um assalto que dá errado'),
  t(
    'a crew lost far from home',
    'una tripulación perdida lejos de casa',
    'uma tripulação perdida longe de casa',
  ),
  t('a detective with one last case', 'una detective con un último caso', 'uma detetive com um último caso'),
  t('a band on its final tour', 'una banda en su última gira', 'uma banda em sua última turnê'),
  t(
    'a child who finds a hidden door',
    'una niña que encuentra una puerta oculta',
    'uma menina que encontra uma porta escondida',
  ),
  t('a chef who bets everything', 'un cocinero que lo apuesta todo', 'um cozinheiro que aposta tudo'),
];

export const FIRST_NAMES: readonly string[] = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elena',
  'Felipe',
  'Gabriela',
  'Hugo',
  'Inés',
  'João',
  'Karina',
  'Lucas',
  'Marta',
  'Nicolás',
  'Olivia',
  'Pablo',
  'Quentin',
  'Rosa',
  'Samuel',
  'Tatiana',
  'Ulises',
  'Valeria',
  'William',
  'Ximena',
  'Yara',
  'Zoe',
  'Adrian',
  'Beatriz',
  'Caio',
  'Daniela',
];
export const LAST_NAMES: readonly string[] = [
  'Almeida',
  'Barros',
  'Castillo',
  'Duarte',
  'Esteves',
  'Ferreira',
  'Gomez',
  'Herrera',
  'Ibarra',
  'Jardim',
  'Keller',
  'Lima',
  'Moreno',
  'Navarro',
  'Ortega',
  'Pereira',
  'Quiroga',
  'Ribeiro',
  'Starling',
  'Torres',
  'Urquiza',
  'Vidal',
  'Whitaker',
  'Xavier',
  'Young',
  'Zamora',
];
export const COUNTRIES: readonly string[] = ['US', 'ES', 'BR', 'PT', 'MX', 'AR', 'CO', 'GB', 'CL', 'CA'];
