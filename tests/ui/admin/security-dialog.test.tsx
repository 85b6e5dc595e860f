/**
 * 'Sikkerhet og innlogging' in the profile panel: one's own two-factor sign-in and active sign-ins,
 * read each time it opens and read again after a change.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { listItem, paged } from './fixtures.ts';
import { callsTo, expectFailedRequests, installFakeApi, renderAdmin, server } from './harness.tsx';

installFakeApi();

const session = (id: number, device: string, current = false) => ({
  id,
  current,
  created_at: '2026-11-20T08:00:00.000Z',
  last_used_at: '2026-11-28T13:30:00.000Z',
  ip: '10.0.0.2',
  user_agent: null,
  device,
  place: 'Lokalt nettverk',
});

async function openDialog() {
  const user = userEvent.setup();
  renderAdmin('/membership');
  await screen.findByRole('heading', { name: '1 MEDLEM' });
  await user.click(screen.getByRole('button', { name: 'Åpne profilpanelet' }));
  await user.click(await screen.findByRole('button', { name: 'Sikkerhet og innlogging' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Sikkerhet og innlogging' }) };
}

describe('the security dialog', () => {
  it('ends another sign-in and shows the list as the server has it afterwards', async () => {
    let sessions = [session(1, 'Firefox på Linux', true), session(2, 'Safari på iPhone')];
    server.use(
      http.get('*/api/member/list', () => HttpResponse.json(paged([listItem(1)], 1))),
      http.get('*/api/user/2fa', () => HttpResponse.json({ data: { enabled: false, required: false } })),
      http.get('*/api/user/sessions', () => HttpResponse.json({ data: sessions })),
      http.get('*/api/user/staff/2fa', () => HttpResponse.json({ data: [] })),
      http.delete('*/api/user/sessions/2', () => {
        sessions = sessions.filter((entry) => entry.id !== 2);
        return HttpResponse.json({ message: 'Innloggingen er avsluttet.' });
      }),
    );
    const { user, dialog } = await openDialog();
    expect(await within(dialog).findByText('Totrinnsinnlogging er ikke slått på.')).toBeInTheDocument();
    expect(await within(dialog).findByText('Firefox på Linux · Lokalt nettverk (Denne enheten)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Avslutt innloggingen på Safari på iPhone' }));
    expect(await screen.findByText('Innloggingen er avsluttet.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).queryByText(/Safari på iPhone/)).not.toBeInTheDocument());
    expect(callsTo('/api/user/sessions/2', 'DELETE')).toHaveLength(1);
    expect(callsTo('/api/user/sessions')).toHaveLength(2);
  });

  it('shows a wrong code under the field, keeps it typed, and turns two-factor sign-in off with the right one', async () => {
    expectFailedRequests();
    let enabled = true;
    server.use(
      http.get('*/api/member/list', () => HttpResponse.json(paged([listItem(1)], 1))),
      http.get('*/api/user/2fa', () => HttpResponse.json({ data: { enabled, required: false } })),
      http.get('*/api/user/sessions', () => HttpResponse.json({ data: [session(1, 'Firefox på Linux', true)] })),
      http.get('*/api/user/staff/2fa', () => HttpResponse.json({ data: [] })),
      http.post('*/api/user/2fa/disable', async ({ request }) => {
        const { code } = (await request.json()) as { code: string };
        if (code !== '123456') return HttpResponse.json({ message: 'Ugyldige data', errors: { code: ['Koden stemmer ikke.'] } }, { status: 422 });
        enabled = false;
        return HttpResponse.json({ message: 'Totrinnsinnlogging er slått av.' });
      }),
    );
    const { user, dialog } = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Slå av totrinnsinnlogging' }));
    const field = within(dialog).getByRole('textbox', { name: /Kode fra autentiseringsappen/ });
    await user.type(field, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Slå av totrinnsinnlogging' }));
    expect(await within(dialog).findByText('Koden stemmer ikke.')).toBeInTheDocument();
    expect(field).toHaveValue('654321');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field);
    await user.type(field, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Slå av totrinnsinnlogging' }));
    expect(await screen.findAllByText('Totrinnsinnlogging er slått av.')).not.toHaveLength(0);
    expect(await within(dialog).findByRole('button', { name: 'Slå på totrinnsinnlogging' })).toBeInTheDocument();
    expect(callsTo('/api/user/2fa/disable', 'POST').map((call) => call.body)).toEqual([{ code: '654321' }, { code: '123456' }]);
  });
});
