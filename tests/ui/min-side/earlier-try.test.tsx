/**
 * What a member meets after a first try: the travel form names the server's date rules at the
 * date fields before 'Bestill', a success ends the earlier errors, and the profile says why
 * 'Lagre' is off when 'Fakturering' is emptied.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { installFakeApi, makeMember, memberApi, renderApp, server, signInAs } from './harness.tsx';

installFakeApi();

const kari = makeMember({ registration_completed: 1 });
const year = new Date().getFullYear() + 1;

function orderPage() {
  signInAs(kari);
  memberApi(kari);
  server.use(
    http.get('*/api/product/list', () => HttpResponse.json({ data: [{ id: 1, name: 'Reiseforsikring Europa', price: 900, remote_id: null }] })),
    http.get('*/api/subscription/list', () => HttpResponse.json({ current_page: 1, data: [], total: 0 })),
  );
  renderApp('/profile/edit/travel-insurane/7');
}

describe('the travel dates before Bestill', () => {
  it('a start before today is named at the start date, and Bestill stays off', async () => {
    orderPage();
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: /Produkt/ }), 'Reiseforsikring Europa');
    const start = screen.getByRole('textbox', { name: /Startdato/ });
    await user.type(start, '01/01/2020');
    await user.tab();
    expect(await screen.findByText('Startdato kan ikke være før dagens dato')).toBeInTheDocument();
    expect(start).toHaveAccessibleDescription(/Startdato kan ikke være før dagens dato/);
    expect(screen.getByRole('button', { name: 'Bestill' })).toBeDisabled();
  });

  it('an end more than a year after the start (today, when empty) is named at the end date', async () => {
    // A fixed day, so the end lies beyond a year and still within the picker's years (to next year).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T10:00:00Z') });
    try {
      orderPage();
      const user = userEvent.setup();
      await user.selectOptions(await screen.findByRole('combobox', { name: /Produkt/ }), 'Reiseforsikring Europa');
      const end = screen.getByRole('textbox', { name: /Sluttdato/ });
      await user.type(end, '01/12/2027');
      await user.tab();
      expect(await screen.findByText('Sluttdato kan være høyst ett år etter startdato')).toBeInTheDocument();
      expect(end).toHaveAccessibleDescription(/høyst ett år/);
      expect(screen.getByRole('button', { name: 'Bestill' })).toBeDisabled();
    } finally {
      vi.useRealTimers();
    }
  });

  it("a success ends the earlier try's error message", async () => {
    let tries = 0;
    orderPage();
    server.use(
      http.post('*/api/subscription/new', () => {
        tries += 1;
        return tries === 1
          ? HttpResponse.json({ message: 'Reiseforsikringen kunne ikke lagres nå.' }, { status: 422 })
          : HttpResponse.json({ data: { id: 3 } });
      }),
    );
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: /Produkt/ }), 'Reiseforsikring Europa');
    await user.type(screen.getByRole('textbox', { name: /Startdato/ }), `01/02/${year}`);
    await user.click(screen.getByRole('button', { name: 'Bestill' }));
    expect(await screen.findByText('Reiseforsikringen kunne ikke lagres nå.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bestill' }));
    expect(await screen.findByText('Oppdatert!')).toBeInTheDocument();
    expect(screen.queryByText('Reiseforsikringen kunne ikke lagres nå.')).not.toBeInTheDocument();
  });
});

describe("emptying 'Fakturering' on the profile", () => {
  it("says at the button why 'Lagre' is off", async () => {
    const member = makeMember({ invoice_method: 'EFAKTURA' });
    memberApi(member);
    signInAs(member);
    renderApp(`/profile/${member.id}`);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText(/Fakturering/), 'Velg fakturering');
    const save = screen.getByRole('button', { name: 'Lagre' });
    expect(save).toBeDisabled();
    expect(save).toHaveAccessibleDescription('Lagre er av fordi Fakturering ikke er valgt. Velg hvordan du vil få fakturaen.');
    await user.selectOptions(screen.getByLabelText(/Fakturering/), 'E-faktura');
    expect(screen.queryByText(/Fakturering ikke er valgt/)).not.toBeInTheDocument();
  });
});
