import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, server, installFakeApi } from './harness.tsx';
import { LOCALE_STORAGE_KEY } from '../../../src/min-side/texts.ts';

installFakeApi();

const offer = (overrides: Record<string, unknown> = {}) =>
  http.get('*/api/vipps_registration/offer', () =>
    HttpResponse.json({ data: { name: 'Medlemskap', price: 1450, available: true, recurring: true, test_checkout: false, ...overrides } }),
  );

describe('/new-member with the payment-app flag', () => {
  it.each(['1', 'true'])('vipps=%s shows the quick checkout with the membership, its price and the campaign code from the link', async (flag) => {
    server.use(offer());
    renderApp(`/new-member?vipps=${flag}&campaign_code=STUDENT`);
    expect(await screen.findByRole('heading', { name: 'Bli medlem med Vipps' })).toBeInTheDocument();
    expect(await screen.findByText('1 450 kr')).toBeInTheDocument();
    expect(screen.getByLabelText('Kampanjekode')).toHaveValue('STUDENT');
    expect(screen.queryByLabelText(/^Passord/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Betal med Vipps' })).toBeInTheDocument();
  });

  it('without the flag the ordinary form is shown', async () => {
    renderApp('/new-member?vipps=0');
    expect(await screen.findByRole('button', { name: 'Send søknad' })).toBeInTheDocument();
  });

  it('refuses to start without the terms', async () => {
    const user = userEvent.setup();
    let started = false;
    server.use(
      offer(),
      http.post('*/api/vipps_registration', () => {
        started = true;
        return HttpResponse.json({});
      }),
    );
    renderApp('/new-member?vipps=1');
    await user.click(await screen.findByRole('button', { name: 'Betal med Vipps' }));
    expect(await screen.findByText('Du må godta vilkårene for medlemskap')).toBeInTheDocument();
    expect(started).toBe(false);
  });

  it("shows the server's data.error when Vipps could not create the order, and keeps what was filled in", async () => {
    const user = userEvent.setup();
    server.use(
      offer(),
      http.post('*/api/vipps_registration', () =>
        HttpResponse.json(
          { message: 'x', success: false, data: { error: 'Feil ved opprettelse av ordre. Vipps svarte ikke i tide. Prøv igjen om litt.' } },
          { status: 502 },
        ),
      ),
    );
    renderApp('/new-member?vipps=1&campaign_code=STUDENT');
    await user.click(await screen.findByLabelText('Jeg godtar vilkårene for medlemskap'));
    await user.click(screen.getByRole('button', { name: 'Betal med Vipps' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Feil ved opprettelse av ordre. Vipps svarte ikke i tide.');
    expect(screen.getByLabelText('Jeg godtar vilkårene for medlemskap')).toBeChecked();
    expect(screen.getByLabelText('Kampanjekode')).toHaveValue('STUDENT');
  });

  it("says 'Feil ved opprettelse av ordre' when the answer has no redirect address", async () => {
    const user = userEvent.setup();
    server.use(
      offer(),
      http.post('*/api/vipps_registration', () => HttpResponse.json({ success: true, data: { request_create: { response_data: '{}' } } })),
    );
    renderApp('/new-member?vipps=1');
    await user.click(await screen.findByLabelText('Jeg godtar vilkårene for medlemskap'));
    await user.click(screen.getByRole('button', { name: 'Betal med Vipps' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Feil ved opprettelse av ordre/);
  });

  it('shows an unknown campaign code on the field', async () => {
    const user = userEvent.setup();
    server.use(
      offer(),
      http.post('*/api/vipps_registration', () =>
        HttpResponse.json(
          { message: 'Ugyldig Kampanje kode', success: false, data: { error: 'Ugyldig Kampanje kode' }, errors: { campaign_code: ['Ugyldig Kampanje kode'] } },
          { status: 422 },
        ),
      ),
    );
    renderApp('/new-member?vipps=1&campaign_code=FEIL');
    await user.click(await screen.findByLabelText('Jeg godtar vilkårene for medlemskap'));
    await user.click(screen.getByRole('button', { name: 'Betal med Vipps' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ugyldig Kampanje kode');
    expect(screen.getByLabelText('Kampanjekode')).toHaveAccessibleDescription(/Ugyldig Kampanje kode/);
  });

  it('says so, and points to the ordinary form, when Vipps is not available', async () => {
    server.use(offer({ available: false }));
    renderApp('/new-member?vipps=1&campaign_code=STUDENT');
    expect(await screen.findByText(/Betaling med Vipps er ikke tilgjengelig/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meld deg inn uten Vipps' })).toHaveAttribute('href', '/new-member?campaign_code=STUDENT');
    expect(screen.queryByRole('button', { name: 'Betal med Vipps' })).toBeNull();
  });
});

describe("'Betal kontingenten automatisk hvert år'", () => {
  /** Starts the checkout and answers what the form sent. */
  function startRecorder() {
    const sent: unknown[] = [];
    server.use(
      offer(),
      http.post('*/api/vipps_registration', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'x', success: false, data: { error: 'Feil ved opprettelse av ordre. Prøv igjen.' } }, { status: 502 });
      }),
    );
    return sent;
  }

  it('is off by default, explained, and unticked the start asks for no agreement', async () => {
    const user = userEvent.setup();
    const sent = startRecorder();
    renderApp('/new-member?vipps=1&campaign_code=STUDENT');
    const box = await screen.findByRole('checkbox', { name: 'Betal kontingenten automatisk hvert år' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      /Du godkjenner en avtale i Vipps\. Den første betalingen er den samme som nå; deretter trekkes kontingenten automatisk/,
    );
    expect(box).toHaveAccessibleDescription(/Du kan stoppe avtalen på Min side eller i Vipps-appen\./);
    await user.click(screen.getByLabelText('Jeg godtar vilkårene for medlemskap'));
    await user.click(screen.getByRole('button', { name: 'Betal med Vipps' }));
    await screen.findByRole('alert');
    expect(sent).toEqual([{ campaign_code: 'STUDENT' }]);
  });

  it('ticked, the start asks for the agreement with the campaign code as before', async () => {
    const user = userEvent.setup();
    const sent = startRecorder();
    renderApp('/new-member?vipps=1&campaign_code=STUDENT');
    await user.click(await screen.findByRole('checkbox', { name: 'Betal kontingenten automatisk hvert år' }));
    await user.click(screen.getByLabelText('Jeg godtar vilkårene for medlemskap'));
    await user.click(screen.getByRole('button', { name: 'Betal med Vipps' }));
    await screen.findByRole('alert');
    expect(sent).toEqual([{ campaign_code: 'STUDENT', recurring: true }]);
    // What was chosen stays when the start failed.
    expect(screen.getByRole('checkbox', { name: 'Betal kontingenten automatisk hvert år' })).toBeChecked();
  });

  it('is not offered when Vipps cannot make agreements', async () => {
    server.use(offer({ recurring: false }));
    renderApp('/new-member?vipps=1');
    await screen.findByRole('button', { name: 'Betal med Vipps' });
    expect(screen.queryByRole('checkbox', { name: 'Betal kontingenten automatisk hvert år' })).toBeNull();
  });

  it('speaks English when the visitor chose it', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    server.use(offer());
    renderApp('/new-member?vipps=1');
    const box = await screen.findByRole('checkbox', { name: 'Pay the membership fee automatically every year' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(/You approve an agreement in Vipps\. The first payment is the same as now/);
  });
});

describe('quick checkout hints and terms', () => {
  it('links to the terms, and speaks of a code from the link only when the link had one', async () => {
    server.use(offer());
    const user = userEvent.setup();
    renderApp('/new-member?vipps=1');
    const code = await screen.findByLabelText('Kampanjekode');
    expect(code).toHaveAccessibleDescription('Har du fått en kampanjekode, skriv den inn her.');
    expect(screen.queryByText(/fra lenken du fulgte/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Les vilkårene for medlemskap' }));
    expect(await screen.findByText('Innhold for medlemsvilkar')).toBeInTheDocument();
  });

  it('with a code from the link says where the code came from', async () => {
    server.use(offer());
    renderApp('/new-member?vipps=1&campaign_code=STUDENT');
    expect(await screen.findByLabelText('Kampanjekode')).toHaveAccessibleDescription('Kampanjekoden fra lenken du fulgte. Du kan endre eller fjerne den.');
  });
});
