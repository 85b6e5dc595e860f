/** The profile's 'Medlemskort' section and the certificate buttons, which show only with the cover. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { clearSession, updateSession } from '../../../src/common/session.ts';
import { storeCard, storedCard } from '../../../src/min-side/card/cardStore.ts';
import { makeMember, makeSubscription, memberApi, renderApp, signInAs, installFakeApi } from './harness.tsx';

installFakeApi();

function open(member = makeMember()) {
  memberApi(member);
  signInAs(member);
  renderApp(`/profile/${member.id}`);
}

describe("the profile's member card and certificates", () => {
  it('shows the card with number and validity, a link to the full card, and the header button', async () => {
    open();
    const section = await screen.findByRole('region', { name: 'Medlemskort' });
    expect(await within(section).findByText('10007')).toBeInTheDocument();
    expect(within(section).getByText('31.12.2026')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Vis medlemskortet' })).toHaveAttribute('href', '/profile/card/7');
    expect(screen.getByRole('link', { name: 'Medlemskort' })).toHaveAttribute('href', '/profile/card/7');
  });

  it('says when the card comes for a member without a member number', async () => {
    open(makeMember({ remote_id: null }));
    const section = await screen.findByRole('region', { name: 'Medlemskort' });
    expect(await within(section).findByText(/klart når medlemskapet ditt er godkjent/)).toBeInTheDocument();
  });

  it('offers the travel certificate only for an active travel insurance', async () => {
    open(makeMember({ subscription_travel_insurance: makeSubscription('Reiseforsikring Europa', 1290, { state: 'active' }) }));
    const travel = await screen.findByRole('region', { name: 'Reiseforsikring' });
    expect(within(travel).getByRole('button', { name: 'Forsikringsbevis (PDF)' })).toBeInTheDocument();
    expect(within(travel).getByRole('button', { name: 'Certificate in English (PDF)' })).toHaveAttribute('lang', 'en');
    expect(within(screen.getByRole('region', { name: 'Instrumentforsikring' })).queryByRole('button', { name: /PDF/ })).not.toBeInTheDocument();
  });

  it('offers no certificate while the travel order waits for approval', async () => {
    open(makeMember({ subscription_travel_insurance: makeSubscription('Reiseforsikring Europa', 1290, { state: 'pending' }) }));
    const travel = await screen.findByRole('region', { name: 'Reiseforsikring' });
    expect(within(travel).queryByRole('button', { name: /PDF/ })).not.toBeInTheDocument();
  });
});

describe('what the device keeps', () => {
  const card = {
    token: 'AQcAAAAB',
    verify_url: 'http://localhost/verify/AQcAAAAB',
    member_number: 10007,
    valid_until: '2026-12-31',
    first_name: 'Kari',
    last_name: 'Nordmann',
    organisation: 'Musikerportalen',
  };

  it('is kept while the member is signed in', () => {
    signInAs(makeMember());
    storeCard(7, card);
    expect(storedCard(7)?.card).toEqual(card);
  });

  it('is not written by an answer that comes after logging out', () => {
    signInAs(makeMember());
    clearSession();
    storeCard(7, card);
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it('nor is a saved name that comes back after logging out', () => {
    signInAs(makeMember());
    clearSession();
    updateSession({ firstName: 'Kari', registrationCompleted: 1 });
    expect(Object.keys(localStorage)).toEqual([]);
  });
});
