/**
 * The staff date picker in the member forms: dd/MM/yyyy typed or picked, 1905 to next year,
 * clearable, and a date-only value that never moves a day, in Oslo and in UTC.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '../../../src/dataProvider/types.ts';
import { member, paged } from './fixtures.ts';
import { callsTo, installFakeApi, renderAdmin, server } from './harness.tsx';

installFakeApi();

// Transform the edit page and the picker once before the timed waits. The picker loads when the
// form is first used (date-input-stand-in.test.tsx); loaded here, the fields are pickers from the start.
beforeAll(
  () =>
    Promise.all([
      import('../../../src/admin/members/MemberEdit.tsx'),
      import('../../../src/admin/dates/DateInput.tsx').then((module) => module.loadDatePicker()),
    ]),
  60_000,
);

const nextYear = new Date().getFullYear() + 1;

function answerMember(initial: Member) {
  let current = initial;
  server.use(
    http.get('*/api/member/5', () => HttpResponse.json({ data: current })),
    http.patch('*/api/member/5', async ({ request }) => {
      current = { ...current, ...((await request.json()) as Partial<Member>) };
      return HttpResponse.json({ data: current });
    }),
    http.get('*/api/member/5/changes', () => HttpResponse.json(paged([]))),
  );
}

describe.each(['Europe/Oslo', 'UTC'])('the staff date picker in %s', (zone) => {
  const before = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = zone;
  });
  afterAll(() => {
    process.env.TZ = before;
  });

  it('runs in the zone it names', () => {
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(zone === 'UTC' ? 0 : -60);
  });

  it('shows the stored dates as dd/MM/yyyy, the same day', async () => {
    answerMember(member({ birthdate: '1988-04-07', membership_start_date: '2022-01-01' }));
    renderAdmin('/membership/edit/5');
    expect(await screen.findByRole('textbox', { name: 'Fødselsdato' })).toHaveValue('07/04/1988');
    expect(screen.getByRole('textbox', { name: 'Medlem siden' })).toHaveValue('01/01/2022');
  });

  it('saves a typed 17/04/1988 as 1988-04-17', async () => {
    answerMember(member({ birthdate: null }));
    const user = userEvent.setup();
    renderAdmin('/membership/edit/5');
    const birthdate = await screen.findByRole('textbox', { name: 'Fødselsdato' });
    await user.click(birthdate);
    expect(birthdate).toHaveAttribute('placeholder', 'dd/mm/åååå');
    await user.keyboard('17041988');
    expect(birthdate).toHaveValue('17/04/1988');
    const save = screen.getByRole('button', { name: 'Lagre' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('Oppdatert!')).toBeInTheDocument();
    expect(callsTo('/api/member/5', 'PATCH')[0].body).toMatchObject({ birthdate: '1988-04-17' });
  });

  it.each([
    ['1904', 1904],
    ['next year + 1', nextYear + 1],
  ])('refuses a typed date in %s', async (_name, year) => {
    answerMember(member({ birthdate: '1988-04-07' }));
    const user = userEvent.setup();
    renderAdmin('/membership/edit/5');
    const birthdate = await screen.findByRole('textbox', { name: 'Fødselsdato' });
    await user.click(birthdate);
    await user.keyboard(`{Home}0101${year}`);
    expect(birthdate).toHaveValue(`01/01/${year}`);
    expect(await screen.findByText('Datoen må være mellom 1905 og neste år')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lagre' })).toBeDisabled();
  });

  it('offers the years 1905 to next year in the calendar and picks a day by mouse', async () => {
    answerMember(member({ birthdate: '1988-04-07' }));
    const user = userEvent.setup();
    renderAdmin('/membership/edit/5');
    await user.click(await screen.findByRole('button', { name: 'Velg dato, valgt dato er 7. apr. 1988' }));
    const calendar = await screen.findByRole('dialog');
    expect(within(calendar).getByText('april 1988')).toBeInTheDocument();
    await user.click(within(calendar).getByRole('button', { name: /kalendervisning er åpen/i }));
    const years = within(calendar)
      .getAllByRole('radio')
      .map((year) => year.textContent);
    expect(years[0]).toBe('1905');
    expect(years.at(-1)).toBe(String(nextYear));
    expect(years).not.toContain('1904');
    await user.click(within(calendar).getByRole('radio', { name: '1990' }));
    await user.click(await within(calendar).findByRole('gridcell', { name: '17' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Fødselsdato' })).toHaveValue('17/04/1990'));
  });

  it('clears the date and saves it as empty', async () => {
    answerMember(member({ birthdate: '1988-04-07' }));
    const user = userEvent.setup();
    renderAdmin('/membership/edit/5');
    const birthdate = await screen.findByRole('textbox', { name: 'Fødselsdato' });
    await user.click(birthdate);
    // The clear button sits beside the text in the field's own box.
    await user.click(within(birthdate.parentElement!).getByRole('button', { name: 'Slett' }));
    // A focused empty field shows the placeholder's sections, ready for typing.
    expect(birthdate).toHaveValue('dd/mm/åååå');
    // The form counts the field as changed a render later: till then 'Lagre' is disabled (and takes no click).
    const save = screen.getByRole('button', { name: 'Lagre' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('Oppdatert!')).toBeInTheDocument();
    expect(callsTo('/api/member/5', 'PATCH')[0].body).toMatchObject({ birthdate: null });
  });
});
