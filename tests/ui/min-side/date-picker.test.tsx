/** The birth date on the profile: typed or picked as dd/mm/åååå, saved as yyyy-MM-dd, 1905 to next year, clearable. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeMember, memberApi, renderApp, signInAs, installFakeApi } from './harness.tsx';

installFakeApi();

// Under jsdom the calendar's lazy chunk is compiled on first use, which takes seconds (all of
// date-fns' locales): compile it once before the tests, as a browser would have it from the build.
beforeAll(() => import('../../../src/min-side/components/DateCalendar.tsx'), 60_000);

const NEXT_YEAR = new Date().getFullYear() + 1;

async function openProfile(birthdate: string | null = '1990-04-01') {
  const member = makeMember({ birthdate });
  const patches = memberApi(member);
  signInAs(member);
  renderApp(`/profile/${member.id}`);
  // The profile page and the calendar load lazily: the first time takes a while under jsdom.
  const field = await screen.findByRole('textbox', { name: 'Fødselsdato' }, { timeout: 5000 });
  return { patches, field, user: userEvent.setup() };
}

async function save(user: ReturnType<typeof userEvent.setup>) {
  const button = screen.getByRole('button', { name: 'Lagre' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  await screen.findByText('Oppdatert!');
}

describe('date picker on the profile', () => {
  it('shows the stored date as dd/mm/åååå with the placeholder for an empty one', async () => {
    const { field } = await openProfile();
    expect(field).toHaveValue('01/04/1990');
    expect(field).toHaveAttribute('placeholder', 'dd/mm/åååå');
  });

  it('saves a typed 17/04/1988 as 1988-04-17', async () => {
    const { field, patches, user } = await openProfile(null);
    await user.type(field, '17/04/1988');
    await save(user);
    expect(patches.at(-1)?.birthdate).toBe('1988-04-17');
  });

  it('refuses a typed year before 1905 or after next year, and text that is no date', async () => {
    const { field, patches, user } = await openProfile();
    for (const typed of ['31/12/1904', `01/01/${NEXT_YEAR + 1}`, '30/02/1990', '17 april']) {
      await user.clear(field);
      await user.type(field, typed);
      await user.tab();
      expect(await screen.findByText(/Ugyldig dato/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Lagre' })).toBeDisabled();
    }
    await user.clear(field);
    await user.type(field, `31/12/${NEXT_YEAR}`);
    await save(user);
    expect(patches.at(-1)?.birthdate).toBe(`${NEXT_YEAR}-12-31`);
  });

  it('clears the date with its button and saves it as empty', async () => {
    const { field, patches, user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Tøm fødselsdato' }));
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    await save(user);
    expect(patches.at(-1)?.birthdate).toBeNull();
  });

  it('picks a day from the calendar in Norwegian, offering the years 1905 to next year only', async () => {
    const { field, patches, user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Velg fødselsdato i kalenderen' }));
    const calendar = await screen.findByRole('dialog', { name: 'Fødselsdato' }, { timeout: 5000 });
    const years = within(calendar).getByRole('combobox', { name: 'Velg år' });
    const offered = within(years)
      .getAllByRole('option')
      .map((option) => Number(option.getAttribute('value')));
    expect(Math.min(...offered)).toBe(1905);
    expect(Math.max(...offered)).toBe(NEXT_YEAR);
    const months = within(calendar).getByRole('combobox', { name: 'Velg måned' });
    expect(
      within(months)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toContain('april');
    await user.click(within(calendar).getByRole('button', { name: /17\. april 1990/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field).toHaveValue('17/04/1990');
    await save(user);
    expect(patches.at(-1)?.birthdate).toBe('1990-04-17');
  });

  it('works by keyboard: the calendar opens on the chosen day, arrows move, Enter picks, Escape closes', async () => {
    const { field, user } = await openProfile();
    screen.getByRole('button', { name: 'Velg fødselsdato i kalenderen' }).focus();
    await user.keyboard('{Enter}');
    const calendar = await screen.findByRole('dialog', { name: 'Fødselsdato' }, { timeout: 5000 });
    await waitFor(() => expect(within(calendar).getByRole('button', { name: /1\. april 1990, valgt/ })).toHaveFocus());
    await user.keyboard('{ArrowRight}{ArrowDown}{Enter}');
    expect(field).toHaveValue('09/04/1990');
    expect(field).toHaveFocus();
    screen.getByRole('button', { name: 'Velg fødselsdato i kalenderen' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Fødselsdato' }, { timeout: 5000 });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Velg fødselsdato i kalenderen' })).toHaveFocus();
  });
});
