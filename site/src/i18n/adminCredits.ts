import { defineMessages } from './define.ts';

/** People and genres of a console title (decision 0238). */
export const adminCredits = defineMessages({
  en: {
    'admin.credits.title': 'People and genres',
    'admin.credits.hint':
      'Separate names with commas. A name the catalogue has is reused; a new one is added.',
    'admin.credits.cast': 'Cast',
    'admin.credits.directors': 'Directors',
    'admin.credits.genres': 'Genres',
    'admin.credits.save': 'Save people and genres',
    'admin.credits.saved': 'People and genres saved.',
    'admin.credits.none': '—',
    'admin.credits.error.names': 'Each name once, at most 100 characters, at most 30 names',
  },
  es: {
    'admin.credits.title': 'Personas y géneros',
    'admin.credits.hint':
      'Separe los nombres con comas. Un nombre que ya está en el catálogo se reutiliza; uno nuevo se añade.',
    'admin.credits.cast': 'Reparto',
    'admin.credits.directors': 'Dirección',
    'admin.credits.genres': 'Géneros',
    'admin.credits.save': 'Guardar personas y géneros',
    'admin.credits.saved': 'Personas y géneros guardados.',
    'admin.credits.none': '—',
    'admin.credits.error.names': 'Cada nombre una vez, como mucho 100 caracteres y 30 nombres',
  },
  pt: {
    'admin.credits.title': 'Pessoas e géneros',
    'admin.credits.hint':
      'Separe os nomes com vírgulas. Um nome que o catálogo já tem é reutilizado; um novo é acrescentado.',
    'admin.credits.cast': 'Elenco',
    'admin.credits.directors': 'Realização',
    'admin.credits.genres': 'Géneros',
    'admin.credits.save': 'Guardar pessoas e géneros',
    'admin.credits.saved': 'Pessoas e géneros guardados.',
    'admin.credits.none': '—',
    'admin.credits.error.names': 'Cada nome uma vez, no máximo 100 caracteres e 30 nomes',
  },
});
