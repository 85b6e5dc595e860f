/**
 * Min side sends its language with every request (Accept-Language), and shows what the server
 * answers in that language: a fake server here answers as the real one does, by that header.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { installFakeApi, makeMember, memberApi, renderApp, server, signInAs } from './harness.tsx';
import { LOCALE_STORAGE_KEY } from '../../../src/min-side/texts.ts';

installFakeApi();

/** Answers 401 with the sign-in refusal in the language asked for, and keeps each request's header. */
function refusingLogin(): (string | null)[] {
  const languages: (string | null)[] = [];
  server.use(
    http.post('*/api/user/login', ({ request }) => {
      const language = request.headers.get('accept-language');
      languages.push(language);
      const message = language === 'en' ? 'Wrong email or password.' : 'Feil e-post eller passord.';
      return HttpResponse.json({ message, error: message }, { status: 401 });
    }),
  );
  return languages;
}

describe('the server’s messages in the member’s language', () => {
  it('a member who switched to English is refused sign-in in English, and what was typed stays', async () => {
    const languages = refusingLogin();
    const user = userEvent.setup();
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'English' }));
    await user.type(await screen.findByLabelText(/^Email/), 'kari@example.no');
    await user.type(screen.getByLabelText(/^Password/), 'galt-passord');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Wrong email or password.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Wrong email or password.');
    expect(languages.length).toBeGreaterThan(0);
    expect(languages.every((language) => language === 'en')).toBe(true);
    expect(screen.getByLabelText(/^Email/)).toHaveValue('kari@example.no');
  });

  it('says in English itself when the server cannot be reached, and in Norwegian after switching back', async () => {
    server.use(http.post('*/api/user/login', () => HttpResponse.error()));
    const user = userEvent.setup();
    renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'English' }));
    await user.type(await screen.findByLabelText(/^Email/), 'kari@example.no');
    await user.type(screen.getByLabelText(/^Password/), 'et-passord');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Cannot reach the server. Check your connection and try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Norsk' }));
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(await screen.findByText('Får ikke kontakt med serveren. Sjekk nettforbindelsen og prøv igjen.')).toBeInTheDocument();
  });

  it('in Norwegian the request says so, whatever the browser prefers, and the answer is Norwegian', async () => {
    const languages = refusingLogin();
    const user = userEvent.setup();
    renderApp('/profile');
    await user.type(await screen.findByLabelText(/^E-post/), 'kari@example.no');
    await user.type(screen.getByLabelText(/^Passord/), 'galt-passord');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(await screen.findByText('Feil e-post eller passord.')).toBeInTheDocument();
    expect(languages.length).toBeGreaterThan(0);
    expect(languages.every((language) => language === 'nb')).toBe(true);
  });

  it('a travel order refused by the server is explained in English', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    const kari = makeMember({ registration_completed: 1 });
    signInAs(kari);
    memberApi(kari);
    const languages: (string | null)[] = [];
    server.use(
      http.get('*/api/product/list', () => HttpResponse.json({ data: [{ id: 1, name: 'Reiseforsikring Europa', price: 900, remote_id: null }] })),
      http.get('*/api/subscription/list', () => HttpResponse.json({ current_page: 1, data: [], total: 0 })),
      http.post('*/api/subscription/new', ({ request }) => {
        languages.push(request.headers.get('accept-language'));
        const message =
          request.headers.get('accept-language') === 'en'
            ? 'This travel insurance has ended and cannot be changed. Order a new one.'
            : 'Denne reiseforsikringen er avsluttet og kan ikke endres. Bestill en ny.';
        return HttpResponse.json({ message, errors: { subscription_id: [message] } }, { status: 422 });
      }),
    );
    renderApp('/profile/edit/travel-insurane/7');
    const user = userEvent.setup();
    const product = await screen.findByRole('combobox', { name: /Product/ });
    await user.selectOptions(product, within(product).getByRole('option', { name: 'Travel insurance Europe' }));
    await user.type(screen.getByRole('textbox', { name: /Start date/ }), `01/02/${new Date().getFullYear() + 1}`);
    await user.click(screen.getByRole('button', { name: 'Order' }));
    expect(await screen.findByText('This travel insurance has ended and cannot be changed. Order a new one.')).toBeInTheDocument();
    expect(languages).toEqual(['en']);
  });
});
