/** Min side and sign-up: a small app of its own that never loads the staff app's code. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App.tsx';
import { SessionProvider } from './session.tsx';
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

export function mount(root: HTMLElement): void {
  handOverTitle();
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <SessionProvider>
          <ToastProvider>
            <App />
          </ToastProvider>
        </SessionProvider>
      </BrowserRouter>
    </StrictMode>,
  );
}
