/** The centred card both logged-out pages use, with the footer's link to the accessibility statement. */
import { useEffect, type ReactNode } from 'react';
import { STATEMENT_PATHS } from '../../common/member-paths.ts';
import { texts } from './texts.ts';
import './signin.css';

export function AuthCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  // The page's name in the browser's title (WCAG 2.4.2); index.html's own <title> is the only one.
  useEffect(() => {
    document.title = `${title} – ${texts.appName}`;
  }, [title]);
  return (
    <div className="signin-page">
      <main className="signin">
        <div className="signin-card">
          <p className="signin-overline">{texts.appName}</p>
          <h1>{title}</h1>
          <p className="signin-intro">{intro}</p>
          {children}
        </div>
      </main>
      {/* The staff app's accessibility statement is a public page of Min side: a plain link leaves for it. */}
      <footer className="signin-footer">
        <a className="signin-link" href={STATEMENT_PATHS.staff}>
          {texts.statementLink}
        </a>
      </footer>
    </div>
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
