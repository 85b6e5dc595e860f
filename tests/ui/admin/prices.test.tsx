/** 'Priser' under Innstillinger: this year's prices read only, next year's set and saved in whole kroner. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../../src/common/format.ts';
import type { PriceRow } from '../../../src/dataProvider/index.ts';
import { paged } from './fixtures.ts';
import { callsTo, installFakeApi, renderAdmin, server } from './harness.tsx';

installFakeApi();

const LAZY = 20_000;
const year = Number(todayIso().slice(0, 4));

const row = (productId: number, name: string, price: number, forYear: number, inherited = false): PriceRow => ({
  product_id: productId,
  name,
  kind: 'product',
  category: productId === 1 ? 'Medlemskap' : 'Forsikring',
  year: forYear,
  price,
  inherited,
});

function answerPrices() {
  let next = [row(1, 'Medlemskap', 990, year + 1, true), row(2, 'Reiseforsikring Norden', 600, year + 1, true)];
  server.use(
    http.get('*/api/price/list', ({ request }) => {
      const asked = Number(new URL(request.url).searchParams.get('year'));
      return HttpResponse.json({ data: asked === year ? [row(1, 'Medlemskap', 990, year), row(2, 'Reiseforsikring Norden', 600, year)] : next });
    }),
    http.patch('*/api/price/list', async ({ request }) => {
      const body = (await request.json()) as { year: number; prices: { product_id: number; price: number }[] };
      next = next.map((item) => ({ ...item, price: body.prices.find((price) => price.product_id === item.product_id)!.price, inherited: false }));
      return HttpResponse.json({ data: next });
    }),
    http.get('*/api/content/admin/pages', () => HttpResponse.json({ data: [] })),
    http.get('*/api/dev/sync-tripletex/runs', () => HttpResponse.json(paged([]))),
  );
}

describe('the prices page', () => {
  it('is a card on the settings page', async () => {
    answerPrices();
    renderAdmin('/settings');
    expect(await screen.findByRole('link', { name: 'Åpne: Priser' }, { timeout: LAZY })).toHaveAttribute('href', '/settings/prices');
  });

  it("saves next year's prices as whole kroner after refusing what is not one", async () => {
    answerPrices();
    const user = userEvent.setup();
    renderAdmin('/settings/prices');
    expect(await screen.findByRole('heading', { level: 1, name: 'PRISER' }, { timeout: LAZY })).toBeInTheDocument();
    const membership = await screen.findByRole('row', { name: /^Medlemskap/ });
    expect(within(membership).getByRole('cell', { name: '990,-' })).toBeInTheDocument();
    const next = screen.getByRole('textbox', { name: `Pris ${year + 1}: Medlemskap` });
    expect(next).toHaveValue('990');
    expect(within(membership).getByText('Ikke satt ennå: viser prisen fra året før')).toBeInTheDocument();

    await user.clear(next);
    await user.type(next, '1050,50');
    expect(await screen.findByText('Skriv prisen som et helt tall i kroner, 0 eller mer')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lagre prisene' }));
    expect(callsTo('/api/price/list', 'PATCH')).toHaveLength(0);
    expect(next).toHaveValue('1050,50');

    await user.clear(next);
    await user.type(next, '1 050');
    await waitFor(() => expect(screen.queryByText('Skriv prisen som et helt tall i kroner, 0 eller mer')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Lagre prisene' }));
    expect(await screen.findByText(`Prisene for ${year + 1} er lagret`)).toBeInTheDocument();
    expect(callsTo('/api/price/list', 'PATCH')[0].body).toEqual({
      year: year + 1,
      prices: [
        { product_id: 1, price: 1050 },
        { product_id: 2, price: 600 },
      ],
    });
    await waitFor(() => expect(screen.getByRole('textbox', { name: `Pris ${year + 1}: Medlemskap` })).toHaveValue('1050'));
    // Saved, next year's prices are its own: no longer marked as the year before's.
    expect(screen.queryByText('Ikke satt ennå: viser prisen fra året før')).not.toBeInTheDocument();
  });
});
