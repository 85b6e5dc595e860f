/** The staff sign-in page's two-factor steps: the code after the password, and the set-up staff must do first. */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../../src/admin/login/LoginPage.tsx';
import { installFakeApi, server } from './harness.tsx';

installFakeApi();
afterEach(() => vi.restoreAllMocks());

const answer = (extra: Record<string, unknown> = {}) => ({
  user_id: 5,
  registration_completed: 1,
  access_token: '5|token',
  first_name: 'Kari',
  last_name: 'Nordmann',
  role: { id: 3 },
  blocked_access: false,
  expires_at: '2027-01-01T00:00:00Z',
  ...extra,
});

async function signIn() {
  const onSignedIn = vi.fn();
  render(<LoginPage go={vi.fn()} onSignedIn={onSignedIn} />);
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'E-post' }), 'ansatt@example.no');
  await user.type(screen.getByLabelText(/Passord/), 'hemmelig');
  await user.click(screen.getByRole('button', { name: 'Logg inn' }));
  return { user, onSignedIn };
}

describe('two-factor sign-in on the staff sign-in page', () => {
  it('asks for the code after the password, shows a wrong code on the field, and signs in with the right one', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/user/login', () => HttpResponse.json({ two_factor_required: true, challenge: 'c'.repeat(48) })),
      http.post('*/api/user/login/2fa', async ({ request }) => {
        const body = (await request.json()) as { code?: string };
        sent.push(body);
        return body.code === '123456'
          ? HttpResponse.json(answer())
          : HttpResponse.json({ message: 'Feil kode. Prøv igjen.', errors: { code: ['Feil kode. Prøv igjen.'] } }, { status: 422 });
      }),
    );
    const { user, onSignedIn } = await signIn();
    const field = await screen.findByLabelText(/Kode fra autentiseringsappen/);
    await waitFor(() => expect(field).toHaveFocus());
    expect(localStorage.getItem('token')).toBeNull();
    await user.keyboard('000000{Enter}');
    await waitFor(() => expect(field).toHaveAccessibleDescription('Feil kode. Prøv igjen.'));
    await user.clear(field);
    await user.keyboard('123456{Enter}');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/'));
    expect(sent).toEqual([
      { challenge: 'c'.repeat(48), code: '000000' },
      { challenge: 'c'.repeat(48), code: '123456' },
    ]);
    expect(localStorage.getItem('token')).toBe('5|token');
  });

  it('sends a recovery code when the member of staff switches to it', async () => {
    let sent: unknown = null;
    server.use(
      http.post('*/api/user/login', () => HttpResponse.json({ two_factor_required: true, challenge: 'c'.repeat(48) })),
      http.post('*/api/user/login/2fa', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(answer());
      }),
    );
    const { user, onSignedIn } = await signIn();
    await user.click(await screen.findByRole('button', { name: 'Bruk en gjenopprettingskode i stedet' }));
    await user.type(screen.getByLabelText(/Gjenopprettingskode/), 'abcde-fghij{Enter}');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(sent).toEqual({ challenge: 'c'.repeat(48), recovery_code: 'abcde-fghij' });
  });

  it('leads staff who must use it through setting it up before entering, and keeps that in the session until done', async () => {
    server.use(
      http.post('*/api/user/login', () => HttpResponse.json(answer({ two_factor_setup_required: true }))),
      http.post('*/api/user/2fa/setup', () =>
        HttpResponse.json({
          data: {
            secret: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
            otpauth_url: 'otpauth://totp/Musikerportalen:ansatt%40example.no?secret=ABCDEFGHIJKLMNOPQRSTUVWXYZ234567&issuer=Musikerportalen',
          },
        }),
      ),
      http.post('*/api/user/2fa/enable', () => HttpResponse.json({ data: { recovery_codes: Array.from({ length: 10 }, (_, i) => `kode${i}-abcde`) } })),
    );
    const { user, onSignedIn } = await signIn();
    expect(await screen.findByText('ABCD EFGH IJKL MNOP QRST UVWX YZ23 4567')).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem('twoFactorSetup')).toBe('required');
    await user.type(screen.getByLabelText(/Kode fra autentiseringsappen/), '123456{Enter}');
    expect(await screen.findByRole('heading', { name: 'Gjenopprettingskoder' })).toHaveFocus();
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Jeg har tatt vare på kodene' }));
    expect(onSignedIn).toHaveBeenCalledWith('/');
    expect(localStorage.getItem('twoFactorSetup')).toBeNull();
  });

  it('asks a new browser at a slowed account for the code from the e-mail, with no recovery code offered', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/user/login', () => HttpResponse.json({ email_code_required: true, challenge: 'e'.repeat(48) })),
      http.post('*/api/user/login/2fa', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(answer());
      }),
    );
    const { user, onSignedIn } = await signIn();
    expect(await screen.findByRole('heading', { name: 'Sjekk e-posten din' })).toBeInTheDocument();
    expect(screen.getByText(/Var passordet riktig, har vi sendt deg en e-post med en kode/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Bruk en gjenopprettingskode i stedet' })).toBeNull();
    await user.type(screen.getByLabelText(/Kode fra e-posten/), '654321{Enter}');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/'));
    expect(sent).toEqual([{ challenge: 'e'.repeat(48), code: '654321' }]);
  });

  it('tells staff who must set it up to look for the mailed link, and the link leads to the set-up', async () => {
    const message = 'Ansatte må bruke totrinnsinnlogging. Vi har sendt deg en e-post med en lenke for å sette den opp; lenken virker i 30 minutter.';
    const used: unknown[] = [];
    server.use(
      http.post('*/api/user/login', () => HttpResponse.json({ two_factor_enrolment_mailed: true, message })),
      http.post('*/api/user/2fa/enrolment', async ({ request }) => {
        used.push(await request.json());
        return HttpResponse.json(answer({ two_factor_setup_required: true }));
      }),
      http.post('*/api/user/2fa/setup', () =>
        HttpResponse.json({
          data: {
            secret: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567',
            otpauth_url: 'otpauth://totp/Musikerportalen:ansatt%40example.no?secret=ABCDEFGHIJKLMNOPQRSTUVWXYZ234567&issuer=Musikerportalen',
          },
        }),
      ),
    );
    const { onSignedIn } = await signIn();
    expect(await screen.findByRole('heading', { name: 'Sjekk e-posten din' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    cleanup();

    window.history.replaceState(null, '', `/?enrol=${'t'.repeat(64)}`);
    render(<LoginPage go={vi.fn()} onSignedIn={onSignedIn} />);
    expect(await screen.findByText('ABCD EFGH IJKL MNOP QRST UVWX YZ23 4567')).toBeInTheDocument();
    expect(used).toEqual([{ token: 't'.repeat(64) }]);
    expect(window.location.search).toBe('');
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
