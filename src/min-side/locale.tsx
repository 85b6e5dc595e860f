/**
 * Min side's language: the provider holds the chosen locale (remembered on the device), keeps
 * <html lang> in step, and gives components their catalogue and formats.
 */
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import {
  activeLocale,
  catalogueOf,
  isLoaded,
  setActiveLocale,
  setEnglish,
  SUPPORT_CONTACT,
  storedLocale,
  storeLocale,
  type Formats,
  type Locale,
  type MinSideTexts,
} from './texts.ts';

/** Loads the locale's catalogue (English is its own chunk, so a Norwegian first load stays small). */
export async function loadCatalogue(locale: Locale): Promise<void> {
  if (!isLoaded(locale)) setEnglish((await import('../i18n/min-side/en.ts')).englishCatalogue(SUPPORT_CONTACT));
}

/** The shown catalogue, for code outside React such as the form schemas (read when a message is needed). */
export { activeTexts } from './texts.ts';

interface LocaleState {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

const LocaleContext = createContext<LocaleState | null>(null);

/** The locale shown first: the stored choice when its catalogue is at hand (main.tsx loads it before the first render). */
function initialLocale(): Locale {
  const stored = storedLocale();
  const shown = isLoaded(stored) ? stored : 'nb';
  setActiveLocale(shown);
  return shown;
}

export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setShown] = useState<Locale>(initialLocale);

  const setLocale = useCallback((next: Locale) => {
    storeLocale(next);
    loadCatalogue(next).then(
      () => {
        setActiveLocale(next);
        setShown(next);
      },
      // Without a connection English cannot load yet: the page stays as it is, the choice is kept for the next visit.
      () => undefined,
    );
  }, []);

  useEffect(() => {
    // A stored choice whose catalogue was not loaded yet (the app was mounted without main.tsx's preload).
    const stored = storedLocale();
    if (!isLoaded(stored)) setLocale(stored);
  }, [setLocale]);

  // In the commit that shows the new texts (a layout effect runs before the page paints or anything
  // else looks at it), so the page never shows one language under the other's <html lang>.
  useLayoutEffect(() => {
    setActiveLocale(locale);
    document.documentElement.lang = locale;
  }, [locale]);

  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return <LocaleContext.Provider value={value}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleState {
  const state = useContext(LocaleContext);
  if (!state) throw new Error('useLocale needs a LocaleProvider');
  return state;
}

/** The shown locale (outside a provider, as in a lone component's test, the active one). */
export const useShownLocale = (): Locale => useContext(LocaleContext)?.locale ?? activeLocale();

/** The shown locale's catalogue. */
export const useTexts = (): MinSideTexts => catalogueOf(useShownLocale());

/** The shown locale's date and amount formats. */
export const useFormats = (): Formats => catalogueOf(useShownLocale()).formats;
