/**
 * 'Meldingstyper' under Innstillinger: the two optional kinds' names in bokmål and English, saved
 * together; a name refused in the browser or by the server says why under its field; the card
 * shows only to staff with 'outreach.send'; the member form's switches carry the names.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ConsentKind } from '../../../src/dataProvider/index.ts';
import { member, paged } from './fixtures.ts';
import { callsTo, expectFailedRequests, installFakeApi, renderAdmin, server, withRights } from './harness.tsx';

installFakeApi();

const LAZY = 20_000;

function answerKinds() {
  let kinds: ConsentKind[] = [
    { kind: 'newsletter_2', label_nb: 'Nyheter fra organisasjonen', label_en: 'News from the organisation' },
    { kind: 'newsletter_3', label_nb: 'Tilbud fra samarbeidspartnere', label_en: 'Offers from partners' },
  ];
  server.use(
    http.get('*/api/consent-kinds', () => HttpResponse.json({ data: kinds })),
    http.put('*/api/consent-kinds', async ({ request }) => {
      const body = (await request.json()) as Record<'newsletter_2' | 'newsletter_3', { label_nb: string; label_en: string }>;
      if (body.newsletter_2.label_nb.trim().toLowerCase() === body.newsletter_3.label_nb.trim().toLowerCase()) {
        return HttpResponse.json(
          { message: 'De to typene kan ikke ha samme navn', errors: { 'newsletter_3.label_nb': ['De to typene kan ikke ha samme navn'] } },
          { status: 422 },
        );
      }
      kinds = kinds.map((kind) => ({ kind: kind.kind, label_nb: body[kind.kind].label_nb.trim(), label_en: body[kind.kind].label_en.trim() }));
      return HttpResponse.json({ data: kinds });
    }),
    http.get('*/api/content/admin/pages', () => HttpResponse.json({ data: [] })),
    http.get('*/api/dev/sync-tripletex/runs', () => HttpResponse.json(paged([]))),
  );
}

describe('the message kinds page', () => {
  it('is a card on the settings page for staff who send to members, and not for a case worker', async () => {
    answerKinds();
    const { unmount } = renderAdmin('/settings');
    expect(await screen.findByRole('link', { name: 'Åpne: Meldingstyper' }, { timeout: LAZY })).toHaveAttribute('href', '/settings/consent-kinds');
    unmount();

    withRights(['members.read', 'members.change', 'requests.decide', 'cards.send', 'logs.read', 'templates.change']);
    renderAdmin('/settings');
    expect(await screen.findByRole('link', { name: 'Åpne: Systemmeldinger' }, { timeout: LAZY })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Åpne: Meldingstyper' })).not.toBeInTheDocument();
  });

  it('saves both kinds’ names, refusing an empty one and one the server turns down, under its field', async () => {
    answerKinds();
    // The server's 422 below is a failed call react-admin logs.
    expectFailedRequests();
    const user = userEvent.setup();
    renderAdmin('/settings/consent-kinds');
    expect(await screen.findByRole('heading', { level: 1, name: 'MELDINGSTYPER' }, { timeout: LAZY })).toBeInTheDocument();
    const first = await screen.findByRole('region', { name: 'Valgfri meldingstype 1' });
    const second = screen.getByRole('region', { name: 'Valgfri meldingstype 2' });
    const firstNb = within(first).getByRole('textbox', { name: /Navn på bokmål/ });
    await waitFor(() => expect(firstNb).toHaveValue('Nyheter fra organisasjonen'));
    expect(within(second).getByRole('textbox', { name: /Navn på engelsk/ })).toHaveValue('Offers from partners');

    await user.clear(firstNb);
    await user.click(screen.getByRole('button', { name: 'Lagre navnene' }));
    expect(await within(first).findByText(/påkrevd|må fylles ut/i)).toBeInTheDocument();
    expect(callsTo('/api/consent-kinds', 'PUT')).toHaveLength(0);

    // The server refuses two kinds of the same name.
    await user.type(firstNb, 'tilbud fra samarbeidspartnere');
    await user.click(screen.getByRole('button', { name: 'Lagre navnene' }));
    expect(await within(second).findByText('De to typene kan ikke ha samme navn')).toBeInTheDocument();

    await user.clear(firstNb);
    await user.type(firstNb, 'Medlemsnytt');
    await user.click(screen.getByRole('button', { name: 'Lagre navnene' }));
    expect(await screen.findByText('Navnene er lagret')).toBeInTheDocument();
    expect(callsTo('/api/consent-kinds', 'PUT').at(-1)?.body).toEqual({
      newsletter_2: { label_nb: 'Medlemsnytt', label_en: 'News from the organisation' },
      newsletter_3: { label_nb: 'Tilbud fra samarbeidspartnere', label_en: 'Offers from partners' },
    });
  });

  it('names the member form’s two optional switches as staff set them', async () => {
    server.use(
      http.get('*/api/consent-kinds', () =>
        HttpResponse.json({
          data: [
            { kind: 'newsletter_2', label_nb: 'Medlemsnytt', label_en: 'Member news' },
            { kind: 'newsletter_3', label_nb: 'Tilbud', label_en: 'Offers' },
          ],
        }),
      ),
      http.get('*/api/member/5', () => HttpResponse.json({ data: member() })),
      http.get('*/api/member/5/changes', () => HttpResponse.json(paged([]))),
    );
    renderAdmin('/membership/edit/5');
    expect(await screen.findByRole('switch', { name: 'Medlemsnytt' }, { timeout: LAZY })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Tilbud' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Nødvendig informasjon' })).toBeDisabled();
  });
});
