/**
 * Names from the register on Min side in English: the reference data's products and instrument
 * types in English, a name the list does not know as it is and marked as Norwegian.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, makeLine, makeMember, makeSubscription, memberApi, renderApp, signInAs } from './harness.tsx';
import { LOCALE_STORAGE_KEY } from '../../../src/min-side/texts.ts';

installFakeApi();

const insured = () =>
  makeMember({
    subscription_travel_insurance: makeSubscription('Reiseforsikring Europa', 1290),
    subscription_instrument_insurance: {
      ...makeSubscription('Instrumentforsikring', 995),
      subscription_lines: [makeLine(1, 'Instrumentforsikring', 25000), makeLine(2, 'Instrumentforsikring', 110000)],
      instruments: [
        { id: 1, type: 'Gitar', make: 'Gibson', model: 'Les Paul', value: 25000, insurance_start: '2026-02-01', insurance_end: null },
        { id: 2, type: 'Lydanlegg', make: 'Marshall', model: 'JCM800', value: 110000, insurance_start: '2026-02-01', insurance_end: null },
      ],
    },
  });

function openProfile() {
  const member = insured();
  memberApi(member);
  signInAs(member);
  renderApp(`/profile/${member.id}`);
}

describe('names from the register in English', () => {
  it('shows the travel product and a known instrument type in English, marks an unknown type as Norwegian, and all as they are in Norwegian', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'en');
    openProfile();
    const travel = await screen.findByRole('region', { name: 'Travel insurance' });
    expect(within(travel).getByRole('cell', { name: 'Travel insurance Europe' })).toBeInTheDocument();
    const instruments = screen.getByRole('region', { name: 'Instrument insurance' });
    expect(within(instruments).getByRole('cell', { name: 'Guitar' })).toBeInTheDocument();
    expect(within(instruments).getByText('Lydanlegg')).toHaveAttribute('lang', 'nb');
    expect(within(instruments).queryByText('Gitar')).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Norsk' }));
    const norwegian = await screen.findByRole('region', { name: 'Instrumentforsikring' });
    expect(within(norwegian).getByRole('cell', { name: 'Gitar' })).toBeInTheDocument();
    expect(within(norwegian).getByRole('cell', { name: 'Lydanlegg' })).not.toHaveAttribute('lang');
    expect(screen.getByRole('cell', { name: 'Reiseforsikring Europa' })).toBeInTheDocument();
  });
});
