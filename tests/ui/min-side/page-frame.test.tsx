/**
 * member.html carries the page's frame (the top bar with the portal's name) so a phone on a slow
 * line shows it before the code has arrived: it is the frame every page then renders, in either language.
 */
import { screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { installFakeApi, renderApp } from './harness.tsx';
import { LOCALE_STORAGE_KEY } from '../../../src/min-side/texts.ts';
import { loadCatalogue } from '../../../src/min-side/locale.tsx';
import { withFrameTexts } from '../../../tools/vite/member-pages.ts';

installFakeApi();

// As the build writes it: the frame's words filled in from Min side's catalogue.
const html = withFrameTexts(readFileSync(path.resolve(import.meta.dirname, '../../../member.html'), 'utf8'));
const shell = new DOMParser().parseFromString(html, 'text/html');

/** The top bar's elements from the outside in, by tag and class, and the brand as it reads. */
function frameOf(root: ParentNode) {
  const brand = root.querySelector('#root > .layout > header.topbar > .topbar-inner > .brand, .layout > header.topbar > .topbar-inner > .brand');
  return {
    brand: brand?.outerHTML,
    end: brand?.nextElementSibling?.className,
    main: root.querySelector('.layout > header.topbar + main')?.className,
  };
}

describe('the page frame in member.html', () => {
  it('is a top bar with the portal’s name, an empty end for the language switch, and a main marked as loading', () => {
    expect(frameOf(shell)).toEqual({
      brand: '<span class="brand">Musikerportalen <span class="brand-sub">Min side</span></span>',
      end: 'topbar-end',
      main: 'content',
    });
    expect(shell.querySelector('main')?.getAttribute('aria-busy')).toBe('true');
    // Without scripts the page says why it shows nothing more, where it would show the page.
    expect(shell.querySelector('main > noscript')?.textContent).toBe('Musikerportalen trenger JavaScript.');
  });

  it.each([
    ['nb', 'Logg inn på Min side'],
    ['en', 'Sign in to Min side'],
  ] as const)('is the frame the sign-in page renders in %s', async (locale, heading) => {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    await loadCatalogue(locale);
    const { container } = renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: heading });
    expect(frameOf(container)).toEqual(frameOf(shell));
  });
});
