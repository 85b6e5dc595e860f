/**
 * The server's message catalogues: every message a member can meet has its English, no Norwegian
 * text stands for two different English ones, and a message's values are the same in both.
 */
import { describe, expect, it } from 'vitest';
import { englishTranslator, languageOf, type Text } from '../../server/lib/language.ts';
import { MEMBER_CATALOGUES, toEnglish } from '../../server/plugins/language.ts';

const texts = (): Text[] => MEMBER_CATALOGUES.flatMap((catalogue) => Object.values<Text>(catalogue));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the catalogues', () => {
  it('give every message an English text, with the same values to fill in', () => {
    for (const text of texts()) {
      expect(text.en.trim(), text.nb).not.toBe('');
      expect(placeholders(text.en), text.nb).toEqual(placeholders(text.nb));
    }
  });

  it('never give one Norwegian text two English ones', () => {
    const seen = new Map<string, string>();
    for (const text of texts()) {
      expect(seen.get(text.nb) ?? text.en, text.nb).toBe(text.en);
      seen.set(text.nb, text.en);
    }
  });
});

describe('putting a message into English', () => {
  it('fills in values, translating a value that is itself a message', () => {
    expect(toEnglish('For mange forsøk. Prøv igjen om 12 sekunder.')).toBe('Too many attempts. Please try again in 12 seconds.');
    expect(toEnglish('Påkrevd felt (og 3 feil til)')).toBe('Required field (and 3 more errors)');
    expect(toEnglish('Må være minst 8 tegn')).toBe('Must be at least 8 characters');
    expect(toEnglish('Må være minst 8')).toBe('Must be at least 8');
  });

  it('leaves a message no catalogue holds as it is', () => {
    expect(toEnglish('Medlemsnummeret er allerede i bruk.')).toBe('Medlemsnummeret er allerede i bruk.');
    expect(englishTranslator([])('Feil kode. Prøv igjen.')).toBe('Feil kode. Prøv igjen.');
  });
});

describe('the language of a request', () => {
  it('is English only when English comes first', () => {
    expect(languageOf('en')).toBe('en');
    expect(languageOf('en-US,en;q=0.9,nb;q=0.8')).toBe('en');
    expect(languageOf('nb-NO,nb;q=0.9,en;q=0.8')).toBe('nb');
    expect(languageOf('sv')).toBe('nb');
    expect(languageOf(undefined)).toBe('nb');
    expect(languageOf('')).toBe('nb');
    expect(languageOf('en;q=0')).toBe('nb');
  });
});
