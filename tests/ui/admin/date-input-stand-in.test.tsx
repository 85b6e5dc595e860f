/**
 * The staff date field before its picker has loaded: drawn as the picker draws it (value, name of
 * the calendar button), typed as the picker is typed, and the picker takes its place when the form
 * is first used or, while someone types in the field, once the focus leaves it.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { nb } from 'date-fns/locale/nb';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldText, openButtonLabel, typedText, typedValue } from '../../../src/admin/dates/DateInput.tsx';
import { member, paged } from './fixtures.ts';
import { installFakeApi, renderAdmin, server } from './harness.tsx';

installFakeApi();

beforeAll(() => import('../../../src/admin/members/MemberEdit.tsx'), 60_000);

describe('the staff date field before its picker', () => {
  it('names the calendar button and shows the date as the picker does, in every month', () => {
    const adapter = new AdapterDateFns({ locale: nb });
    for (let month = 0; month < 12; month += 1) {
      const stored = `1988-${String(month + 1).padStart(2, '0')}-07`;
      expect(openButtonLabel(stored)).toBe(`Velg dato, valgt dato er ${adapter.format(new Date(1988, month, 7), 'fullDate')}`);
      expect(fieldText(stored)).toBe(adapter.formatByString(new Date(1988, month, 7), 'dd/MM/yyyy'));
    }
    expect(openButtonLabel(null)).toBe('Velg dato');
    expect(fieldText('')).toBe('');
    expect(fieldText('invalid')).toBe('');
  });

  it('shows and keeps typed digits as the picker does', () => {
    expect(typedText('')).toBe('dd/mm/åååå');
    expect(typedText('1704')).toBe('17/04/åååå');
    expect(typedText('170419')).toBe('17/04/19åå');
    expect(typedText('17041988')).toBe('17/04/1988');
    expect(typedValue('')).toBeNull();
    expect(typedValue('1704')).toBe('invalid');
    expect(typedValue('17041988')).toBe('1988-04-17');
  });

  it('shows the stored date, then becomes the picker when the form is used', async () => {
    server.use(
      http.get('*/api/member/5', () => HttpResponse.json({ data: member({ birthdate: '1988-04-07', membership_start_date: '2022-01-01' }) })),
      http.get('*/api/member/5/changes', () => HttpResponse.json(paged([]))),
    );
    const user = userEvent.setup();
    renderAdmin('/membership/edit/5');
    const field = await screen.findByRole('textbox', { name: 'Fødselsdato' });
    expect(field).toHaveValue('07/04/1988');
    expect(field).toHaveAttribute('data-picker', 'pending');
    expect(screen.getByRole('button', { name: 'Velg dato, valgt dato er 7. apr. 1988' })).toBeInTheDocument();

    await user.hover(screen.getByRole('textbox', { name: 'Fornavn' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Fødselsdato' })).not.toHaveAttribute('data-picker'), { timeout: 30_000 });
    const picker = screen.getByRole('textbox', { name: 'Fødselsdato' });
    expect(picker).toHaveValue('07/04/1988');
    expect(screen.getByRole('button', { name: 'Velg dato, valgt dato er 7. apr. 1988' })).toBeInTheDocument();
    // Typing, picking and clearing in the picker: date-input.test.tsx.
  }, 60_000);
});
