/** The frame of every member page: brand bar with the language switch, the page's main content, the support contact and the accessibility statement. */
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { NavLink } from '../router.tsx';
import { STATEMENT_PATHS } from '../../common/member-paths.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { useTexts } from '../locale.tsx';
import { SUPPORT_CONTACT } from '../texts.ts';
import { PageTitle } from './PageTitle.tsx';

let focusHeading = false;

/** After a step that leads to a new page (sign-up, 'Godkjenn'): focus goes to that page's heading, not the top of the document. */
export function focusNextHeading(): void {
  focusHeading = true;
}

/** `busy`: the page is still loading (its code or its data); assistive technology and the browser tests wait for it. */
export function Layout({ children, header, wide, busy }: { children: ReactNode; header?: ReactNode; wide?: boolean; busy?: boolean }) {
  const texts = useTexts();
  const main = useRef<HTMLElement>(null);
  // Pages that load in stages mount a frame before their heading shows: the first frame mounted with a heading takes the focus.
  useLayoutEffect(() => {
    const heading = focusHeading ? main.current?.querySelector('h1') : null;
    if (heading) {
      focusHeading = false;
      heading.tabIndex = -1;
      heading.focus();
    }
  }, []);
  return (
    <div className="layout">
      <header className="topbar">
        <div className="topbar-inner">
          <span className="brand">
            {texts.appName} <span className="brand-sub">{texts.appSubtitle}</span>
          </span>
          <div className="topbar-end">
            <LanguageSwitch />
            {header}
          </div>
        </div>
      </header>
      <main ref={main} className={wide ? 'content content-wide' : 'content'} tabIndex={-1} aria-busy={busy || undefined}>
        {children}
      </main>
      <footer className="footer">
        <span>{texts.contactTitle}:</span> <a href={`mailto:${SUPPORT_CONTACT.email}`}>{SUPPORT_CONTACT.email}</a> <span aria-hidden="true">·</span>{' '}
        <a href={`tel:${SUPPORT_CONTACT.phone.replace(/\s/g, '')}`}>{SUPPORT_CONTACT.phone}</a>
        <span className="footer-statement">
          <NavLink to={STATEMENT_PATHS.member}>{texts.statementLink}</NavLink>
        </span>
      </footer>
    </div>
  );
}

export function Card({ title, children, headingLevel = 2, className }: { title?: string; children: ReactNode; headingLevel?: 2 | 3; className?: string }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={`card ${className ?? ''}`} aria-label={title}>
      {title && <Heading className="card-title">{title}</Heading>}
      {children}
    </section>
  );
}

export function Loading() {
  const texts = useTexts();
  return (
    <p className="loading" role="status">
      {texts.loading}
    </p>
  );
}

/**
 * A whole page still loading (its code, or the signed-in member): it names itself, rather than
 * keeping the title of the page it replaces.
 */
export function LoadingPage() {
  const texts = useTexts();
  return (
    <Layout busy>
      <PageTitle>{`${texts.loading} – ${texts.appName}`}</PageTitle>
      <Loading />
    </Layout>
  );
}
