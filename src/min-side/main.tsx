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

/**
 * member.html's own <title> names only the product: it stays until the page shows its own
 * (each page renders a <title>, which React puts in <head>), then goes, so there is one title.
 */
function handOverTitle(): void {
  const initial = document.head.querySelector('title');
  if (!initial) return;
  const observer = new MutationObserver(() => {
    if (document.head.querySelectorAll('title').length < 2) return;
    initial.remove();
    observer.disconnect();
  });
  observer.observe(document.head, { childList: true });
}

/** A member who chose English sees English from the first paint: its catalogue loads before the app. */
export async function mount(root: HTMLElement): Promise<void> {
  handOverTitle();
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
