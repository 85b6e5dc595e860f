/** The travel page while a change waits for staff: the cover in force beside the change, and its certificate. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { installFakeApi, makeMember, memberApi, renderApp, server, signInAs } from './harness.tsx';

installFakeApi();

const kari = makeMember({ registration_completed: 1 });
const PRODUCTS = [
  { id: 1, name: 'Reiseforsikring Europa', price: 900, remote_id: null },
  { id: 2, name: 'Reiseforsikring Verden', price: 1500, remote_id: null },
];

function pendingChange(acceptedCover: unknown) {
  server.use(
    http.get('*/api/product/list', () => HttpResponse.json({ data: PRODUCTS })),
    http.get('*/api/subscription/list', () =>
      HttpResponse.json({
        current_page: 1,
        total: 1,
        data: [
          {
            id: 3,
            member_id: 7,
            product_id: 2,
            product: PRODUCTS[1],
            state: 'pending',
            status: 0,
            value: null,
            subscription_start: '2026-02-01',
            subscription_end: '2026-12-31',
            invoiced_for: null,
            reason_for_rejection: null,
            created_at: '2026-01-01T09:00:00.000Z',
            updated_at: '2026-01-01T09:00:00.000Z',
            validated_by_user: null,
            rejected_by_user: null,
            accepted_cover: acceptedCover,
          },
        ],
      }),
    ),
  );
}

describe('a pending change of travel insurance', () => {
  it('shows the cover in force and the change side by side, and still offers the certificate', async () => {
    signInAs(kari);
    memberApi(kari);
    pendingChange({ product_id: 1, subscription_start: '2026-01-01', subscription_end: '2026-06-30' });
    renderApp('/profile/edit/travel-insurane/7');
    const inForce = await screen.findByRole('region', { name: 'Gjelder nå' });
    expect(within(inForce).getByText('Reiseforsikring Europa')).toBeInTheDocument();
    expect(within(inForce).getByText('30-06-2026')).toBeInTheDocument();
    const requested = screen.getByRole('region', { name: 'Endring til behandling' });
    expect(within(requested).getByText('Reiseforsikring Verden')).toBeInTheDocument();
    expect(within(requested).getByText('31-12-2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forsikringsbevis (PDF)' })).toBeInTheDocument();
    expect(screen.getByText(/viser forsikringen som gjelder nå/)).toBeInTheDocument();
  });

  it('a first order that waits has nothing in force: no comparison and no certificate', async () => {
    signInAs(kari);
    memberApi(kari);
    pendingChange(null);
    renderApp('/profile/edit/travel-insurane/7');
    expect(await screen.findByText(/venter på godkjenning/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Gjelder nå' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Forsikringsbevis (PDF)' })).toBeNull();
  });
});
