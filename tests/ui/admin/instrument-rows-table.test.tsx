/**
 * The staff instrument table's 'Totalverdi' counts the member's rows only: a new row from
 * 'Legg til produkt' is not insured until its own 'Lagre', so its value stays out of the total.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nContextProvider } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { InstrumentRowsTable } from '../../../src/admin/instrument-insurance/InstrumentRowsTable.tsx';
import type { InstrumentRow } from '../../../src/common/instrument-rows.ts';
import { i18nProvider } from '../../../src/i18n/index.ts';

afterEach(cleanup);

beforeAll(async () => {
  await i18nProvider.changeLocale('nb');
});

const CATEGORIES = [{ id: 1, title: 'Gitar', use_member: 1, use_insurance: 1 }];

const row = (id: number, make: string, model: string, value: number): InstrumentRow => ({
  id,
  key: `i${id}`,
  instrument_category: 1,
  make,
  model,
  serial_number: '',
  value,
  insurance_start: '2026-11-01',
  insurance_end: '',
  status: 1,
});

function renderTable(rows: InstrumentRow[]) {
  render(
    <I18nContextProvider value={i18nProvider}>
      <InstrumentRowsTable rows={rows} categories={CATEGORIES} newStatus={1} onSaveNew={vi.fn(async () => [])} onSaveChanges={vi.fn()} showTotal />
    </I18nContextProvider>,
  );
}

describe("the staff instrument table's 'Totalverdi'", () => {
  it('leaves an unsaved new row out of the total', async () => {
    renderTable([row(51, 'Martin', 'D-28', 30000), row(52, 'Fender', 'Jazz', 9000)]);
    expect(screen.getByText('Totalverdi: 39 000,-')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Legg til produkt' }));
    await user.type(screen.getByRole('textbox', { name: 'VERDI, Ny rad 1' }), '5000');
    expect(screen.getByRole('textbox', { name: 'VERDI, Ny rad 1' })).toHaveValue('5000');
    expect(screen.getByText('Totalverdi: 39 000,-')).toBeInTheDocument();
    expect(screen.queryByText('Totalverdi: 44 000,-')).toBeNull();
  });

  it('shows no total while the only rows are new ones', async () => {
    renderTable([]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Legg til produkt' }));
    await user.type(screen.getByRole('textbox', { name: 'VERDI, Ny rad 1' }), '5000');
    expect(screen.getByRole('textbox', { name: 'VERDI, Ny rad 1' })).toHaveValue('5000');
    expect(screen.queryByText(/Totalverdi/)).toBeNull();
  });
});

describe('the staff instrument table’s date cells', () => {
  it('show an empty date as the spec’s dd/mm/åååå, before and after the picker has loaded', async () => {
    renderTable([row(51, 'Martin', 'D-28', 30000)]);
    // The end date is empty: its cell before the picker is there.
    const dates = screen.getAllByPlaceholderText('dd/mm/åååå');
    expect(dates).toHaveLength(2);
    const empty = dates.find((field) => (field as HTMLInputElement).value === '')!;
    expect(screen.queryByPlaceholderText('DD/MM/ÅÅÅÅ')).toBeNull();
    const user = userEvent.setup();
    await user.click(empty);
    // The picker takes over the focused field and shows its sections in the same words.
    await waitFor(() => expect(document.activeElement).toHaveValue('dd/mm/åååå'), { timeout: 15_000 });
    expect(document.activeElement).toHaveAccessibleName(empty.getAttribute('aria-label')!);
  }, 60_000);
});
