/**
 * The unsubscribe page a link in a send's e-mail opens (no sign-in): opening it only reads; the
 * one button turns the kind off and says so, with the member's other choice as a switch that
 * POSTs { kind, given }; a link that is not valid says so in Norwegian; English when chosen.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { renderApp, server, installFakeApi } from './harness.tsx';
import { LOCALE_STORAGE_KEY } from '../../../src/min-side/texts.ts';
import type { UnsubscribeState } from '../../../src/min-side/api.ts';

installFakeApi();

const TOKEN = '7.2.12.AbCdEfGhIjKlMnOpQrStUv';

function stateOf(second: boolean, third: boolean): { data: UnsubscribeState } {
  return {
    data: {
      kind: 'newsletter_2',
      kind_label: 'Nyheter fra organisasjonen',
      kind_label_en: 'News from the organisation',
      consents: [
        { kind: 'newsletter_2', label: 'Nyheter fra organisasjonen', label_en: 'News from the organisation', given: second },
        { kind: 'newsletter_3', label: 'Tilbud fra samarbeidspartnere', label_en: 'Offers from partners', given: third },
      ],
    },
  };
}

/** A fake server keeping the member's two choices, recording every POST body it gets. */
function fakeLink(initial = { newsletter_2: true, newsletter_3: false }) {
  const choices = { ...initial };
  const posts: unknown[] = [];
  server.use(
    http.get(`*/api/unsubscribe/${TOKEN}`, () => HttpResponse.json(stateOf(choices.newsletter_2, choices.newsletter_3))),
    http.post(`*/api/unsubscribe/${TOKEN}`, async ({ request }) => {
      const text = await request.text();
      const body = text ? (JSON.parse(text) as { kind: 'newsletter_2' | 'newsletter_3'; given: boolean }) : null;
      posts.push(body);
      if (body) choices[body.kind] = body.given;
      else choices.newsletter_2 = false;
      return HttpResponse.json(stateOf(choices.newsletter_2, choices.newsletter_3));
    }),
  );
  return { choices, posts };
}

describe('the unsubscribe page', () => {
  it('names the kind, changes nothing until the button is pressed, then says it is done', async () => {
    const link = fakeLink();
    const user = userEvent.setup();
    renderApp(`/unsubscribe/${TOKEN}`);
    expect(await screen.findByText(/gjelder meldinger av typen «Nyheter fra organisasjonen»/)).toBeInTheDocument();
    expect(document.title).toBe('Meld deg av – Musikerportalen');
    expect(link.posts).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Meld meg av' }));
    const done = await screen.findByRole('heading', { name: 'Du er meldt av «Nyheter fra organisasjonen»' });
    // The button has gone: the focus is on what it did.
    expect(done).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Meld meg av' })).not.toBeInTheDocument();
    expect(link.posts).toEqual([null]);
    expect(link.choices.newsletter_2).toBe(false);
    expect(screen.getByRole('link', { name: 'Logg inn på Min side' })).toHaveAttribute('href', '/profile');
  });

  it('shows the other choice as a switch that sends { kind, given }, by keyboard too', async () => {
    const link = fakeLink({ newsletter_2: true, newsletter_3: false });
    const user = userEvent.setup();
    renderApp(`/unsubscribe/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Meld meg av' }));
    const others = await screen.findByRole('region', { name: 'Dine andre valg' });
    const choice = within(others).getByRole('switch', { name: 'Tilbud fra samarbeidspartnere' });
    expect(choice).toHaveAttribute('aria-checked', 'false');
    expect(choice).toHaveAccessibleDescription('Du får ikke dette nå. Trykk for å melde deg på.');
    // Only the other kind is offered: the one just turned off is not.
    expect(within(others).queryByRole('switch', { name: 'Nyheter fra organisasjonen' })).not.toBeInTheDocument();

    choice.focus();
    await user.keyboard('{Enter}');
    expect(await within(others).findByRole('status')).toHaveTextContent('Du er meldt på «Tilbud fra samarbeidspartnere».');
    expect(choice).toHaveAttribute('aria-checked', 'true');
    await user.keyboard(' ');
    expect(await within(others).findByText('Du er meldt av «Tilbud fra samarbeidspartnere».')).toBeInTheDocument();
    expect(choice).toHaveAttribute('aria-checked', 'false');
    expect(link.posts).toEqual([null, { kind: 'newsletter_3', given: true }, { kind: 'newsletter_3', given: false }]);
  });

  it('says so when the member was already unsubscribed, without a button to press', async () => {
    fakeLink({ newsletter_2: false, newsletter_3: true });
    renderApp(`/unsubscribe/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Du er allerede meldt av «Nyheter fra organisasjonen»' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Meld meg av' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Tilbud fra samarbeidspartnere' })).toHaveAttribute('aria-checked', 'true');
  });

  it('a link that is not valid says so in Norwegian, with the way to Min side', async () => {
    server.use(http.get('*/api/unsubscribe/:token', () => HttpResponse.json({ message: 'Lenken er ikke gyldig.' }, { status: 404 })));
    renderApp('/unsubscribe/1.2.0.feil');
    expect(await screen.findByText(/^Lenken for å melde deg av er ikke gyldig\./)).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('button', { name: 'Meld meg av' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Logg inn på Min side' })).toBeInTheDocument();
  });

  it('a refused press says why and keeps the button', async () => {
    server.use(
      http.get(`*/api/unsubscribe/${TOKEN}`, () => HttpResponse.json(stateOf(true, false))),
      http.post(`*/api/unsubscribe/${TOKEN}`, () => HttpResponse.json({ message: 'For mange forsøk. Prøv igjen om 30 sekunder.' }, { status: 429 })),
    );
    const user = userEvent.setup();
    renderApp(`/unsubscribe/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Meld meg av' }));
    expect(await screen.findByText('For mange forsøk. Prøv igjen om 30 sekunder.')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Meld meg av' })).toBeEnabled();
  });

  it('speaks English when the member chose it, with the kinds’ English names', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    fakeLink();
    const user = userEvent.setup();
    renderApp(`/unsubscribe/${TOKEN}`);
    expect(await screen.findByText(/messages of the kind “News from the organisation”/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe me' }));
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed from “News from the organisation”' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Offers from partners' })).toBeInTheDocument();
  });
});
