import { describe, expect, it } from 'vitest';
import { en } from './catalogue.ts';
import { catalogues, createT, LANGS, resolveLang } from './index.ts';

describe('catalogues', () => {
  it.each(LANGS)('%s has every key of the English catalogue and no other', (lang) => {
    const keys = Object.keys(catalogues[lang]).sort();
    expect(keys).toEqual(Object.keys(en).sort());
  });

  it.each(LANGS)('%s has no empty text', (lang) => {
    for (const [key, text] of Object.entries(catalogues[lang])) expect(text.trim(), key).not.toBe('');
  });

  it('keeps the texts the spec quotes word for word in English', () => {
    expect(en['account.error.passwordLength']).toBe('The password must be 6-16 characters in length');
    expect(en['account.error.code']).toBe('Wrong Verification code or No Verification code');
    expect(en['error.shareKeyNotFound']).toBe('Share key not found!');
    expect(en['common.emptyList']).toBe('This list is empty');
  });
});

describe('resolveLang (spec §1 order)', () => {
  it('takes the stored choice first', () => {
    expect(resolveLang({ stored: 'pt', acceptLanguage: 'es-ES,es;q=0.9' })).toBe('pt');
  });
  it('ignores a stored value that is not a UI language', () => {
    expect(resolveLang({ stored: 'fr', acceptLanguage: 'es-MX' })).toBe('es');
  });
  it("takes the browser's best supported language by q value", () => {
    expect(resolveLang({ acceptLanguage: 'fr-FR,fr;q=0.9,pt-BR;q=0.8,es;q=0.7' })).toBe('pt');
    expect(resolveLang({ acceptLanguage: 'es;q=0.5,en;q=0.6' })).toBe('en');
  });
  it('falls back to English', () => {
    expect(resolveLang({ acceptLanguage: 'de-DE,fr;q=0.9' })).toBe('en');
    expect(resolveLang({})).toBe('en');
  });
  it("falls back to the operator's default language instead, and only when nothing else names one", () => {
    expect(resolveLang({ acceptLanguage: 'de-DE,fr;q=0.9', fallback: 'pt' })).toBe('pt');
    expect(resolveLang({ fallback: 'es' })).toBe('es');
    expect(resolveLang({ acceptLanguage: 'en-US', fallback: 'es' })).toBe('en');
    expect(resolveLang({ stored: 'en', fallback: 'pt' })).toBe('en');
  });
});

describe('createT', () => {
  it('translates and fills placeholders', () => {
    expect(createT('es')('nav.liveTv')).toBe('TV en vivo');
    expect(createT('en')('nav.home', { x: 1 })).toBe('Home');
  });
});
