/** Min side and sign-up: a small app of its own that never loads the staff app's code. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App.tsx';
import { SessionProvider } from './session.tsx';
import { ToastProvider } from './toasts.tsx';
import './styles.css';

export function mount(root: HTMLElement): void {
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
