/** The frame of every member page: brand bar, the page's main content and the support contact. */
import type { ReactNode } from 'react';
import { SUPPORT_CONTACT, texts } from '../texts.ts';

export function Layout({ children, header, wide }: { children: ReactNode; header?: ReactNode; wide?: boolean }) {
  return (
    <div className="layout">
      <header className="topbar">
        <div className="topbar-inner">
          <span className="brand">
            {texts.appName} <span className="brand-sub">{texts.appSubtitle}</span>
          </span>
          {header}
        </div>
      </header>
      <main className={wide ? 'content content-wide' : 'content'} tabIndex={-1}>
        {children}
      </main>
      <footer className="footer">
        <span>{texts.contactTitle}:</span>{' '}
        <a href={`mailto:${SUPPORT_CONTACT.email}`}>{SUPPORT_CONTACT.email}</a>{' '}
        <span aria-hidden="true">·</span>{' '}
        <a href={`tel:${SUPPORT_CONTACT.phone.replace(/\s/g, '')}`}>{SUPPORT_CONTACT.phone}</a>
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
  return (
    <p className="loading" role="status">
      {texts.loading}
    </p>
  );
}
