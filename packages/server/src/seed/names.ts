import type { Db } from '../store/db.ts';
import { putName } from '../store/names.ts';
import { PRODUCT_FREE, PRODUCT_LIVE_BASIC, PRODUCT_LIVE_SPORTS } from './channels.ts';
import { PRODUCT_VOD } from './vod/catalogue.ts';

type Texts = { en: string; es: string; pt: string };

/** The seeded categories (seedColumns) in every UI language. */
export const seedColumnNames: Record<string, Texts> = {
  'col-news': { en: 'News', es: 'Noticias', pt: 'Notícias' },
  'col-sports': { en: 'Sports', es: 'Deportes', pt: 'Esportes' },
  'col-kids': { en: 'Kids', es: 'Infantil', pt: 'Infantil' },
  'col-entertainment': { en: 'Entertainment', es: 'Entretenimiento', pt: 'Entretenimento' },
  'col-radio': { en: 'Radio', es: 'Radio', pt: 'Rádio' },
  'col-docs': { en: 'Documentary', es: 'Documentales', pt: 'Documentários' },
};

/** The seeded subscription products in every UI language (what the plan page lists). */
export const seedProductNames: Record<string, Texts> = {
  [PRODUCT_FREE]: { en: 'Free channels', es: 'Canales gratuitos', pt: 'Canais gratuitos' },
  [PRODUCT_LIVE_BASIC]: { en: 'Live TV', es: 'TV en vivo', pt: 'TV ao vivo' },
  [PRODUCT_LIVE_SPORTS]: { en: 'Sports add-on', es: 'Complemento deportes', pt: 'Complemento esportes' },
  [PRODUCT_VOD]: { en: 'Movies and series', es: 'Películas y series', pt: 'Filmes e séries' },
};

const count = (db: Db, table: string) => db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`)?.n ?? 0;

/**
 * The names of the sample categories and products in en, es and pt. Each table is filled only while empty
 * (like the rest of the seed), so an operator's names are never overwritten; a database seeded before
 * migration 130 gets them on its next start. Categories the operator removed are skipped.
 */
export function seedNamesIfEmpty(db: Db): void {
  if (count(db, 'channel_column_names') === 0) {
    const present = new Set(
      db.all<{ column_id: string }>('SELECT column_id FROM channel_columns').map((r) => r.column_id),
    );
    for (const [id, texts] of Object.entries(seedColumnNames))
      if (present.has(id))
        for (const [lang, name] of Object.entries(texts)) putName(db, 'channel_column_names', id, lang, name);
  }
  if (count(db, 'product_names') === 0)
    for (const [id, texts] of Object.entries(seedProductNames))
      for (const [lang, name] of Object.entries(texts)) putName(db, 'product_names', id, lang, name);
}
