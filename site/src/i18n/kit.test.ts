import { readFileSync } from 'node:fs';
import { DEFAULT_MESSAGES } from '@ottkit/player/react';
import { defaultMessages, EmptyTip } from '@ottkit/ui';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { KitMessages } from '../islands/KitMessages.tsx';
import { $lang } from '../stores/lang.ts';
import { LANGS } from './index.ts';
import { cardListTexts, kitMessages, kitMessagesFor } from './kit.ts';
import { playerMessages, playerMessagesFor } from './player.ts';

/** The `{name}` placeholders of a text, sorted: a translation must keep exactly the English ones. */
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

// Compared against the packages' own English defaults at run time: when the kit or the player gains a text,
// these fail until the site translates it.
const sources = [
  { name: 'UI kit', english: defaultMessages as Record<string, string>, site: kitMessages },
  { name: 'player', english: DEFAULT_MESSAGES as unknown as Record<string, string>, site: playerMessages },
] as const;

describe.each(sources)('$name texts', ({ english, site }) => {
  it.each(LANGS)('%s has every text of the English defaults and no other', (lang) => {
    expect(Object.keys(site[lang]).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(LANGS)('%s has no empty text', (lang) => {
    for (const [key, text] of Object.entries(site[lang])) expect(text.trim(), key).not.toBe('');
  });

  it.each(LANGS)('%s keeps the English {placeholders} of every text', (lang) => {
    const texts = site[lang] as Record<string, string>;
    for (const [key, text] of Object.entries(english)) {
      expect(placeholders(texts[key] ?? ''), `${lang}.${key}`).toEqual(placeholders(text));
    }
  });

  it('English is the package default, word for word', () => {
    expect(site.en).toEqual(english);
  });

  it.each(['es', 'pt'] as const)('%s is really translated (most texts differ from English)', (lang) => {
    const texts = site[lang] as Record<string, string>;
    const keys = Object.keys(english);
    const same = keys.filter((key) => texts[key] === english[key]);
    // A few texts are the same in every language ('OK', '{start} – {stop}'); a copy of English is not.
    expect(same.length / keys.length).toBeLessThan(0.15);
  });
});

describe('the spec quoted texts', () => {
  it('stay word for word in English and are translated in es and pt', () => {
    expect(kitMessages.en.noAuthorityGuest).toBe(
      'After logging in, you can explore more video content and get more permissions!',
    );
    expect(kitMessages.en.emptyList).toBe('This list is empty');
    expect(kitMessages.en.loginOrSignUp).toBe('Login/Sign up');
    expect(kitMessages.es.emptyList).toBe('Esta lista está vacía');
    expect(kitMessages.pt.emptyList).toBe('Esta lista está vazia');
    expect(kitMessages.es.noAuthorityGuest).not.toBe(kitMessages.en.noAuthorityGuest);
    expect(kitMessages.pt.noAuthorityGuest).not.toBe(kitMessages.en.noAuthorityGuest);
  });
});

describe('kitMessagesFor / playerMessagesFor', () => {
  it('give the texts of the language asked for', () => {
    expect(kitMessagesFor('es').close).toBe('Cerrar');
    expect(kitMessagesFor('pt').close).toBe('Fechar');
    expect(kitMessagesFor('en')).toBe(defaultMessages);
    expect(playerMessagesFor('es').pause).toBe('Pausa');
    expect(playerMessagesFor('pt').pause).toBe('Pausar');
    expect(playerMessagesFor('en')).toBe(DEFAULT_MESSAGES);
  });

  it('return the same object each call (memoisation downstream holds)', () => {
    expect(kitMessagesFor('pt')).toBe(kitMessagesFor('pt'));
    expect(playerMessagesFor('es')).toBe(playerMessagesFor('es'));
  });
});

describe('<KitMessages>', () => {
  afterEach(() => $lang.set('en'));

  const render = (lang?: 'en' | 'es' | 'pt') =>
    renderToString(createElement(KitMessages, { lang }, createElement(EmptyTip)));

  it('gives kit components the texts of $lang', () => {
    expect(render()).toContain('This list is empty');
    $lang.set('pt');
    expect(render()).toContain('Esta lista está vazia');
  });

  it('lets a server-rendered island pass the page language, which wins over $lang', () => {
    $lang.set('pt');
    expect(render('es')).toContain('Esta lista está vacía');
  });
});

describe('cardListTexts', () => {
  // The card lists and the banner get only these texts from the server (decision 0340): every text the kit's
  // Card, HorizontalScroller and BannerCarousel read must be among them, or a Spanish page shows it in English.
  const read = [
    'Card/Card.tsx',
    'HorizontalScroller/HorizontalScroller.tsx',
    'BannerCarousel/BannerCarousel.tsx',
  ]
    .map((file) => readFileSync(new URL(`../../../packages/ui/src/${file}`, import.meta.url), 'utf8'))
    .flatMap((code) => [...code.matchAll(/\bmessages\.(\w+)/g)].map((m) => m[1]));

  it.each(LANGS)(
    '%s has every text the cards, the row scroller and the banner read, in that language',
    (lang) => {
      const texts = cardListTexts(lang) as Record<string, string>;
      expect(Object.keys(texts).sort()).toEqual([...new Set(read)].sort());
      for (const [key, text] of Object.entries(texts)) expect(text).toBe(kitMessagesFor(lang)[key as never]);
    },
  );
});
