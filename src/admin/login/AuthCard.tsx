/** The centred card both logged-out pages use. */
import { useEffect, type ReactNode } from 'react';
import { texts } from './texts.ts';
import './signin.css';

export function AuthCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  // The page's name in the browser's title (WCAG 2.4.2); index.html's own <title> is the only one.
  useEffect(() => {
    document.title = `${title} – ${texts.appName}`;
  }, [title]);
  return (
    <main className="signin">
      <div className="signin-card">
        <p className="signin-overline">{texts.appName}</p>
        <h1>{title}</h1>
        <p className="signin-intro">{intro}</p>
        {children}
      </div>
    </main>
  );
}

/** A link that moves within whichever app shows the page (the small sign-in one or the staff app). */
export function PageLink({ to, go, children }: { to: string; go: (path: string) => void; children: ReactNode }) {
  return (
    <a
      className="signin-link"
      href={to}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        go(to);
      }}
    >
      {children}
    </a>
  );
}
