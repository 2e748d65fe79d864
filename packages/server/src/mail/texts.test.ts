import { LANGS } from '@ottkit/api-client/langs';
import { describe, expect, it } from 'vitest';
import { composeMessage, type MessageKind } from './texts.ts';

const KINDS: MessageKind[] = ['register', 'resetPassword', 'accountExists'];

describe('composeMessage', () => {
  it('fills every placeholder in every language, the code and the name in text and HTML alike', () => {
    for (const lang of LANGS)
      for (const kind of KINDS) {
        const m = composeMessage(kind, lang, 'Canal Uno', {
          code: '0427',
          link: 'https://tv.example/login#reset=k',
        });
        expect(m.lang).toBe(lang);
        for (const part of [m.subject, m.body, m.html]) expect(part, `${lang} ${kind}`).not.toMatch(/[{}]/);
        expect(m.subject).toContain('Canal Uno');
        expect(m.html).toContain(`<html lang="${lang}">`);
        for (const line of m.body.split('\n\n')) expect(m.html).toContain(line.replace(/&/g, '&#38;'));
        if (kind !== 'accountExists') expect(m.body).toContain('0427');
        if (kind === 'resetPassword') expect(m.body).toContain('https://tv.example/login#reset=k');
      }
  });

  it('escapes the service name in HTML and falls back to English for a language it does not have', () => {
    const m = composeMessage('register', 'fr', '<b>Tele & Co</b>', { code: '1234' });
    expect(m.lang).toBe('en');
    expect(m.subject).toBe('Your <b>Tele & Co</b> sign-up code');
    expect(m.html).not.toContain('<b>');
    expect(m.html).toContain('&#60;b&#62;Tele &#38; Co&#60;/b&#62;');
  });

  it('leaves the link out of a reset that has none', () => {
    expect(composeMessage('resetPassword', 'es', 'x', { code: '1111' }).body).not.toContain('Introdúcelo');
  });
});
