import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMember, memberApi, renderApp, signInAs, installFakeApi } from './harness.tsx';

installFakeApi();

const applicant = () =>
  makeMember({
    registration_completed: 0,
    address: null,
    postal_code: null,
    postal_area: null,
    birthdate: null,
    artist_name: null,
    invoice_method: null,
    gender: 3,
  });

async function fillPersonal(user: UserEvent) {
  await user.type(await screen.findByLabelText(/Adresse/), 'Bryggen 3');
  await user.type(screen.getByLabelText(/Postnummer/), '5003');
  await waitFor(() => expect(screen.getByLabelText(/Poststed/)).toHaveValue('Bergen'));
}

describe('/new-member/update/{memberId} step two', () => {
  it("enables 'Neste' only when address, postal code and area, gender, phone and instrument are filled", async () => {
    const member = applicant();
    memberApi(member);
    signInAs(member, 1);
    const user = userEvent.setup();
    renderApp('/new-member/update/7');
    const next = await screen.findByRole('button', { name: 'Neste' });
    expect(next).toBeDisabled();
    await fillPersonal(user);
    await waitFor(() => expect(screen.getByRole('option', { name: 'Gitar' })).toBeInTheDocument());
    expect(screen.queryByRole('option', { name: 'Lydanlegg' })).not.toBeInTheDocument();
    expect(next).toBeEnabled();
    await user.selectOptions(screen.getByLabelText(/Hovedinstrument/), 'Velg instrument');
    expect(next).toBeDisabled();
    await user.selectOptions(screen.getByLabelText(/Hovedinstrument/), 'Piano');
    await user.clear(screen.getByLabelText(/Mobil/));
    await user.tab();
    expect(next).toBeDisabled();
    expect(await screen.findByText('Påkrevd felt')).toBeInTheDocument();
  });

  it("requires a valid invoice e-mail for 'E-post' before 'Godkjenn', and none for 'E-faktura'", async () => {
    const member = applicant();
    memberApi(member);
    signInAs(member, 1);
    const user = userEvent.setup();
    renderApp('/new-member/update/7');
    await fillPersonal(user);
    await user.click(screen.getByRole('button', { name: 'Neste' }));
    expect(await screen.findByRole('heading', { name: 'Fakturering' })).toHaveFocus();
    const approve = screen.getByRole('button', { name: 'Godkjenn' });
    expect(approve).toBeDisabled();
    await user.click(screen.getByLabelText('E-post'));
    const invoiceEmail = screen.getByLabelText(/E-post for faktura/);
    expect(invoiceEmail).toHaveValue('kari@example.no');
    expect(approve).toBeEnabled();
    await user.clear(invoiceEmail);
    await user.type(invoiceEmail, 'kari@');
    expect(approve).toBeDisabled();
    await user.click(screen.getByLabelText('E-faktura'));
    expect(approve).toBeEnabled();
  });

  it('saves, completes the registration and lands on the profile', async () => {
    const member = applicant();
    const patches = memberApi(member);
    signInAs(member, 1);
    const user = userEvent.setup();
    renderApp('/new-member/update/7');
    await fillPersonal(user);
    await user.type(screen.getByLabelText(/Artistnavn/), 'Kari K');
    await user.click(screen.getByRole('button', { name: 'Neste' }));
    await user.click(await screen.findByLabelText('E-faktura'));
    await user.click(screen.getByRole('button', { name: 'Godkjenn' }));
    expect(await screen.findByRole('heading', { name: 'Hei, Kari' })).toBeInTheDocument();
    // Focus lands on the new page's heading, not the top of the document.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Hei, Kari' })).toHaveFocus());
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/7');
    expect(localStorage.getItem('registrationCompleted')).toBe('1');
    expect(patches[0]).toEqual({
      address: 'Bryggen 3',
      postal_code: '5003',
      postal_area: 'Bergen',
      gender: 3,
      phone: '91234567',
      primary_instrument_type: 1,
      birthdate: null,
      artist_name: 'Kari K',
      invoice_method: 'EFAKTURA',
      invoice_email: null,
      registration_completed: 1,
    });
  });

  it("shows the spec's message when saving fails and keeps every field", async () => {
    const member = applicant();
    memberApi(member, 500);
    signInAs(member, 1);
    const user = userEvent.setup();
    renderApp('/new-member/update/7');
    await fillPersonal(user);
    await user.click(screen.getByRole('button', { name: 'Neste' }));
    await user.click(await screen.findByLabelText('E-post'));
    await user.click(screen.getByRole('button', { name: 'Godkjenn' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('En uforutsett hendelse har oppstått med systemet, vær vennlig å prøve igjen senere.');
    expect(screen.getByLabelText('E-post')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Tilbake' }));
    expect(screen.getByLabelText(/Adresse/)).toHaveValue('Bryggen 3');
    expect(screen.getByLabelText(/Poststed/)).toHaveValue('Bergen');
    expect(localStorage.getItem('registrationCompleted')).toBe('0');
  });

  it('shows only the blocked screen to a blocked applicant', async () => {
    const member = makeMember({ registration_completed: 0, blocked_access: true });
    memberApi(member);
    signInAs(member, 1);
    renderApp('/new-member/update/7');
    expect(await screen.findByRole('heading', { name: 'Din konto har blitt sperret!' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Neste' })).not.toBeInTheDocument();
  });
});

describe('step two as people use it', () => {
  it("has 'Logg ut' in the top bar, which ends the session and goes to the login", async () => {
    const member = applicant();
    memberApi(member);
    signInAs(member, 1);
    const user = userEvent.setup();
    renderApp('/new-member/update/7');
    expect(await screen.findByText('Kari Nordmann')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logg ut' }));
    expect(await screen.findByRole('heading', { name: 'Logg inn på Min side' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("acts on Enter in the first pane as 'Neste' once it is enabled", async () => {
    const member = applicant();
    const patches = memberApi(member);
    signInAs(member, 1);
    const user = userEvent.setup();
    renderApp('/new-member/update/7');
    await user.type(await screen.findByLabelText(/Adresse/), 'Bryggen 3{Enter}');
    expect(screen.getByRole('heading', { name: 'Steg 2 av 2: Personopplysninger' })).toBeVisible();
    await user.type(screen.getByLabelText(/Postnummer/), '5003');
    await waitFor(() => expect(screen.getByLabelText(/Poststed/)).toHaveValue('Bergen'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Neste' })).toBeEnabled());
    await user.type(screen.getByLabelText(/Poststed/), '{Enter}');
    expect(await screen.findByRole('heading', { name: 'Fakturering' })).toHaveFocus();
    expect(patches).toHaveLength(0);
  });
});
