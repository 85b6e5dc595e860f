import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, server, installFakeApi } from './harness.tsx';

installFakeApi();

describe('/profile/reset-password', () => {
  it("shows the server's message after a request", async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/user/password/reset', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ message: 'Hvis e-postadressen er registrert, får du en e-post.' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/profile/reset-password');
    await user.type(await screen.findByLabelText(/E-post/), 'kari@example.no');
    await user.click(screen.getByRole('button', { name: 'Send lenke' }));
    expect(await screen.findByText('Hvis e-postadressen er registrert, får du en e-post.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send lenke' })).not.toBeInTheDocument();
    expect(sent).toEqual({ email: 'kari@example.no' });
  });

  it("shows the server's message when the request fails", async () => {
    server.use(http.post('*/api/user/password/reset', () => HttpResponse.json({ message: 'For mange forsøk. Prøv igjen om litt.' }, { status: 429 })));
    const user = userEvent.setup();
    renderApp('/profile/reset-password');
    await user.type(await screen.findByLabelText(/E-post/), 'kari@example.no');
    await user.click(screen.getByRole('button', { name: 'Send lenke' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('For mange forsøk. Prøv igjen om litt.');
    expect(screen.getByLabelText(/E-post/)).toHaveValue('kari@example.no');
  });

  it('refuses an invalid e-mail address', async () => {
    const user = userEvent.setup();
    renderApp('/profile/reset-password');
    await user.type(await screen.findByLabelText(/E-post/), 'kari');
    await user.click(screen.getByRole('button', { name: 'Send lenke' }));
    expect(await screen.findByText('Ugyldig e-postadresse')).toBeInTheDocument();
  });
});

describe('/password/change', () => {
  it('moves the link to the plain path and sends token and e-mail with the new password', async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/user/password/change', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ message: 'Passordet er endret.' });
      }),
    );
    const user = userEvent.setup();
    renderApp('/password/change?token=abc123&email=kari%40example.no');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/password\/change$/));
    await user.type(screen.getByLabelText(/^Passord/), 'nyttpass1');
    await user.type(screen.getByLabelText(/Bekreft passord/), 'nyttpass1');
    await user.click(screen.getByRole('button', { name: 'Lagre nytt passord' }));
    expect(await screen.findByText('Passordet er endret.')).toBeInTheDocument();
    expect(sent).toEqual({ token: 'abc123', email: 'kari@example.no', password: 'nyttpass1', password_confirmation: 'nyttpass1' });
    expect(screen.getByRole('link', { name: 'Logg inn på Min side' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: 'Logg inn som ansatt' })).toHaveAttribute('href', '/');
  });

  it('applies the password rules', async () => {
    const user = userEvent.setup();
    renderApp('/password/change?token=abc123&email=kari%40example.no');
    await user.type(await screen.findByLabelText(/^Passord/), 'kort');
    await user.type(screen.getByLabelText(/Bekreft passord/), 'annerledes');
    await user.click(screen.getByRole('button', { name: 'Lagre nytt passord' }));
    expect(await screen.findByText('Passord må være minst 8 tegn')).toBeInTheDocument();
    expect(screen.getByText('Passord må være likt!')).toBeInTheDocument();
  });

  it('tells the user to get in touch when the link is refused, keeping the form', async () => {
    server.use(
      http.post('*/api/user/password/change', () =>
        HttpResponse.json({ message: 'Lenken er ugyldig eller utløpt.', errors: { token: ['Lenken er ugyldig eller utløpt.'] } }, { status: 422 }),
      ),
    );
    const user = userEvent.setup();
    renderApp('/password/change?token=brukt&email=kari%40example.no');
    await user.type(await screen.findByLabelText(/^Passord/), 'nyttpass1');
    await user.type(screen.getByLabelText(/Bekreft passord/), 'nyttpass1');
    await user.click(screen.getByRole('button', { name: 'Lagre nytt passord' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Lenken er ugyldig eller utløpt.');
    expect(alert).toHaveTextContent('post@example.no');
    expect(screen.getByLabelText(/^Passord/)).toHaveValue('nyttpass1');
  });

  it('explains a link without token and offers a new one', async () => {
    renderApp('/password/change');
    expect(await screen.findByText(/Lenken mangler opplysninger/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Be om en ny lenke' })).toHaveAttribute('href', '/profile/reset-password');
  });
});
