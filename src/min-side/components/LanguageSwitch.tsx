/**
 * Norsk / English on every member page: two toggle buttons in a named group. Each choice is
 * named in its own language (lang set), so it reads right whichever language the page is in.
 */
import { useLocale, useTexts } from '../locale.tsx';
import type { Locale } from '../texts.ts';

const CHOICES: { locale: Locale; name: string }[] = [
  { locale: 'nb', name: 'Norsk' },
  { locale: 'en', name: 'English' },
];

export function LanguageSwitch() {
  const { locale, setLocale } = useLocale();
  const texts = useTexts();
  return (
    <div className="language-switch" role="group" aria-label={texts.language}>
      {CHOICES.map((choice) => (
        <button key={choice.locale} type="button" lang={choice.locale} aria-pressed={locale === choice.locale} onClick={() => setLocale(choice.locale)}>
          {choice.name}
        </button>
      ))}
    </div>
  );
}
