/**
 * Min side's frames between pages name themselves (WCAG 2.4.2): member.html's own title goes once
 * a page has shown one, so the loading frame and the screen of a page that could not load carry
 * their own, or the tab would have none.
 */
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeMember, memberApi, renderApp, server, signInAs, installFakeApi } from './harness.tsx';

installFakeApi();

describe('titles of Min side’s loading and error screens', () => {
  it('the loading frame is titled "Laster …" and its main content is marked busy until the page shows', async () => {
    let answer = (): void => undefined;
    const arrived = new Promise<void>((resolve) => (answer = resolve));
    const member = makeMember();
    memberApi(member);
    server.use(http.get('*/api/member/7', async () => (await arrived, HttpResponse.json({ data: member }))));
    signInAs(member);
    renderApp('/profile/7');
    await screen.findByText('Laster …');
    await waitFor(() => expect(document.title).toBe('Laster … – Musikerportalen'));
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    answer();
    await waitFor(() => expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy'));
  });

  it('a page that could not load is titled with what went wrong', async () => {
    server.use(http.get('*/api/member/7', () => HttpResponse.json({ message: 'Feil' }, { status: 500 })));
    signInAs(makeMember());
    renderApp('/profile/7');
    await screen.findByRole('button', { name: 'Prøv igjen' });
    await waitFor(() => expect(document.title).toBe('Noe gikk galt! – Musikerportalen'));
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
  });
});
