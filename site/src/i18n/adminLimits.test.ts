import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CODE_BATCH_MAX,
  LOGO_MAX_BYTES,
  MAX_UPLOAD_BYTES,
  NAME_MAX_CHARS,
  planEditSchema,
  sizeText,
} from '@ottkit/api-client/contract';
import { describe, expect, it } from 'vitest';
import { createAdminT } from './admin.ts';
import { LANGS } from './langs.ts';

// Issue 38: the console's texts quote the contract's limits instead of retyping them, so a changed limit changes
// every language. The catalogues' sources hold no limit as a number; their texts hold the contract's.
const here = dirname(fileURLToPath(import.meta.url));
const sources = readdirSync(here).filter((f) => /^admin\w*\.ts$/.test(f) && !f.endsWith('.test.ts'));

describe("the console's texts and the contract's limits", () => {
  it('no console catalogue writes a name length, a file size or a plan limit by hand', () => {
    const typed = /\b(80 (characters|caracteres)|\d+ [MG]B|10000|1000000|3650)\b/;
    for (const file of sources) {
      const text = readFileSync(join(here, file), 'utf8').replace(/\$\{[^}]*\}/g, '');
      expect(text.match(typed)?.[0], file).toBeUndefined();
    }
  });

  it('every language says the limits the contract enforces', () => {
    for (const lang of LANGS) {
      const t = createAdminT(lang);
      expect(t('admin.error.name')).toContain(String(NAME_MAX_CHARS));
      expect(t('admin.error.logo')).toContain(sizeText(LOGO_MAX_BYTES));
      expect(t('admin.titles.error.file')).toContain(sizeText(MAX_UPLOAD_BYTES));
      expect(t('admin.codes.countError')).toContain(String(CODE_BATCH_MAX));
    }
    expect(sizeText(LOGO_MAX_BYTES)).toBe('2 MB');
    expect(sizeText(MAX_UPLOAD_BYTES)).toBe('20 GB');
  });

  it("the contract's own messages quote the same numbers", () => {
    const name = 'x'.repeat(NAME_MAX_CHARS + 1);
    const r = planEditSchema.safeParse({ planLang: [{ lang: 'en', planName: name, description: '' }] });
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain(`At most ${NAME_MAX_CHARS} characters`);
  });
});
