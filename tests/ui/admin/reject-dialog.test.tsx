/** The reject dialog every request queue uses: prefilled from the template, reason required, nothing lost on failure. */
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { RejectDialog } from '../../../src/admin/requests/RejectDialog.tsx';
import type { RejectValues } from '../../../src/dataProvider/types.ts';
import { callsTo, installFakeApi, renderAdmin, server } from './harness.tsx';

installFakeApi();

vi.mock('../../../src/common/staff-areas/registry.ts', async (original) => {
  const { registryWith, testArea } = await import('./test-area.ts');
  return registryWith(original, testArea('reject-test'));
});
vi.mock('../../../src/admin/areas/views.ts', async (original) => {
  const { testView, viewsWith } = await import('./test-area.ts');
  return viewsWith(original, () => testView('reject-test', Page));
});

const onReject = vi.fn<(values: RejectValues) => Promise<void>>();

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <h1>Avvisning</h1>
      <button type="button" onClick={() => setOpen(true)}>
        Åpne
      </button>
      <RejectDialog open={open} kind="travel" memberId={42} title="Avvis reiseforsikring" onClose={() => setOpen(false)} onReject={onReject} />
    </>
  );
}

function answerPreview() {
  server.use(
    http.get('*/api/emails/template/3/preview', () =>
      HttpResponse.json({
        data: {
          template_id: 3,
          member_id: 42,
          to: 'ola@example.no',
          subject: 'Reiseforsikringen din',
          html: '<p>Hei Ola Nordmann,</p><p>Vi kan dessverre ikke godkjenne bestillingen.</p>',
          from_name: 'Forsikringsavdelingen',
          from_email: 'forsikring@example.no',
        },
      }),
    ),
  );
}

describe('the reject dialog', () => {
  it('starts from the kind’s template filled in for the member, with the e-mail on', async () => {
    answerPreview();
    onReject.mockResolvedValueOnce(undefined);
    const user = userEvent.setup();
    renderAdmin('/reject-test');
    await user.click(await screen.findByRole('button', { name: 'Åpne' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avvis reiseforsikring' });
    expect(await within(dialog).findByText('Hei Ola Nordmann,')).toBeInTheDocument();
    expect(callsTo('/api/emails/template/3/preview')[0].query).toEqual({ member_id: '42' });
    expect(within(dialog).getByRole('switch', { name: 'Send begrunnelsen på e-post' })).toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Avvis' }));
    await waitFor(() => expect(onReject).toHaveBeenCalledTimes(1));
    expect(onReject.mock.calls[0][0]).toEqual({
      reason: expect.stringContaining('Vi kan dessverre ikke godkjenne bestillingen.'),
      send_email: true,
    });
  });

  it('keeps the dialog and the text when the reject fails, and sends without e-mail when unticked', async () => {
    answerPreview();
    onReject.mockReset();
    onReject.mockRejectedValueOnce(new Error('nei')).mockResolvedValueOnce(undefined);
    const user = userEvent.setup();
    renderAdmin('/reject-test');
    await user.click(await screen.findByRole('button', { name: 'Åpne' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avvis reiseforsikring' });
    await within(dialog).findByText('Hei Ola Nordmann,');
    await user.click(within(dialog).getByRole('switch', { name: 'Send begrunnelsen på e-post' }));
    await user.click(within(dialog).getByRole('button', { name: 'Avvis' }));
    await waitFor(() => expect(onReject).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('dialog', { name: 'Avvis reiseforsikring' })).toBeInTheDocument();
    expect(within(dialog).getByText('Hei Ola Nordmann,')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Avvis' }));
    await waitFor(() => expect(onReject).toHaveBeenCalledTimes(2));
    expect(onReject.mock.calls[1][0].send_email).toBe(false);
  });

  it('offers no Avvis while the reason is empty', async () => {
    server.use(
      http.get('*/api/emails/template/3/preview', () =>
        HttpResponse.json({
          data: { template_id: 3, member_id: 42, to: 'ola@example.no', subject: 'Reiseforsikringen din', html: '', from_name: 'F', from_email: 'f@example.no' },
        }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin('/reject-test');
    await user.click(await screen.findByRole('button', { name: 'Åpne' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avvis reiseforsikring' });
    const reject = await within(dialog).findByRole('button', { name: 'Avvis' });
    await waitFor(() => expect(reject).toBeDisabled());
  });
});
