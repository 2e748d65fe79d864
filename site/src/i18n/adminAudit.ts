import { defineMessages } from './define.ts';

/** The console's audit log screen (issue 18) texts, part of the console's catalogue (`admin.ts`). */
export const adminAudit = defineMessages({
  en: {
    'admin.audit.actor': 'Who (operator id or email)',
    'admin.audit.action': 'Action (or its start, e.g. subscriber.)',
    'admin.audit.target': 'Target',
    'admin.audit.filter': 'Filter',
    'admin.audit.when': 'When',
    'admin.audit.who': 'Who',
    'admin.audit.what': 'What',
    'admin.audit.on': 'On',
    'admin.audit.change': 'Before → after',
    'admin.audit.older': 'Older entries',
    'admin.audit.empty': 'No entry matches.',
  },
  es: {
    'admin.audit.actor': 'Quién (id u correo del operador)',
    'admin.audit.action': 'Acción (o su inicio, p. ej. subscriber.)',
    'admin.audit.target': 'Objetivo',
    'admin.audit.filter': 'Filtrar',
    'admin.audit.when': 'Cuándo',
    'admin.audit.who': 'Quién',
    'admin.audit.what': 'Qué',
    'admin.audit.on': 'Sobre',
    'admin.audit.change': 'Antes → después',
    'admin.audit.older': 'Entradas anteriores',
    'admin.audit.empty': 'Ninguna entrada coincide.',
  },
  pt: {
    'admin.audit.actor': 'Quem (id ou email do operador)',
    'admin.audit.action': 'Ação (ou o seu início, p. ex. subscriber.)',
    'admin.audit.target': 'Alvo',
    'admin.audit.filter': 'Filtrar',
    'admin.audit.when': 'Quando',
    'admin.audit.who': 'Quem',
    'admin.audit.what': 'O quê',
    'admin.audit.on': 'Sobre',
    'admin.audit.change': 'Antes → depois',
    'admin.audit.older': 'Entradas anteriores',
    'admin.audit.empty': 'Nenhuma entrada corresponde.',
  },
});
