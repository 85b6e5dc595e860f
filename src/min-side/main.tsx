/** Min side and sign-up: a small app of its own that never loads the staff app's code. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from './router.tsx';
import { App } from './App.tsx';
import { loadCatalogue, LocaleProvider } from './locale.tsx';
import { SessionProvider } from './session.tsx';
import { storedLocale } from './texts.ts';
import { ToastProvider } from './toasts.tsx';
import './styles.css';

/** A member who chose English sees English from the first paint: its catalogue loads before the app. */
export async function mount(root: HTMLElement): Promise<void> {
  const locale = storedLocale();
  document.documentElement.lang = locale;
  await loadCatalogue(locale).catch(() => undefined);
  createRoot(root).render(
    <StrictMode>
      <LocaleProvider>
        <Router>
          <SessionProvider>
            <ToastProvider>
              <App />
            </ToastProvider>
          </SessionProvider>
        </Router>
      </LocaleProvider>
    </StrictMode>,
  );
}
