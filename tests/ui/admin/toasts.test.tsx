/** The spec's toasts on a fake clock: success closes after 3 s, an error stays until dismissed. */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Member } from '../../../src/dataProvider/types.ts';
import { Form, required, TextInput } from 'react-admin';
import { member, paged } from './fixtures.ts';
import { expectFailedRequests, installFakeApi, renderAdmin, server } from './harness.tsx';

installFakeApi();

vi.mock('../../../src/common/staff-areas/registry.ts', async (original) => {
  const { registryWith, testArea } = await import('./test-area.ts');
  return registryWith(original, testArea('invalid-form-test'));
});
vi.mock('../../../src/admin/areas/views.ts', async (original) => {
  const { testView, viewsWith } = await import('./test-area.ts');
  return viewsWith(original, () => testView('invalid-form-test', InvalidFormPage));
});

beforeEach(() => {
  // The clock still moves on its own, so requests and transitions run; the test jumps it ahead.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

function answerMember() {
  let current = member();
  server.use(
    http.get('*/api/member/5', () => HttpResponse.json({ data: current })),
    http.patch('*/api/member/5', async ({ request }) => {
      current = { ...current, ...((await request.json()) as Partial<Member>) };
      return HttpResponse.json({ data: current });
    }),
    http.get('*/api/member/5/changes', () => HttpResponse.json(paged([]))),
  );
}

describe('toasts', () => {
  it('closes a success toast after 3 s', async () => {
    answerMember();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAdmin('/membership/edit/5');
    await user.click(await screen.findByRole('button', { name: 'Blokker min side' }));
    expect(await screen.findByText('Oppdatert!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2500));
    expect(screen.getByText('Oppdatert!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    await waitFor(() => expect(screen.queryByText('Oppdatert!')).not.toBeInTheDocument());
  });

  it('keeps an error toast well past 3 s, until it is dismissed', async () => {
    answerMember();
    server.use(http.patch('*/api/member/5', () => HttpResponse.json({ message: 'Feil' }, { status: 500 })));
    expectFailedRequests();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAdmin('/membership/edit/5');
    await user.click(await screen.findByRole('button', { name: 'Blokker min side' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Noe gikk galt');
    act(() => vi.advanceTimersByTime(10_000));
    // A toast that had closed would finish its exit transition in this second.
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Noe gikk galt');
    await user.click(screen.getByRole('button', { name: 'Lukk melding' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});

function InvalidFormPage() {
  return (
    <Form onSubmit={() => undefined}>
      <h1>Skjema</h1>
      <TextInput source="name" label="Navn" validate={required()} />
      <button type="submit">Send</button>
    </Form>
  );
}

describe('react-admin’s own error toasts', () => {
  it('keep the invalid-form toast until it is dismissed, like every error', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAdmin('/invalid-form-test');
    await user.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/Skjemaet er ikke gyldig/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10_000));
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText(/Skjemaet er ikke gyldig/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Lukk melding' }));
    await waitFor(() => expect(screen.queryByText(/Skjemaet er ikke gyldig/)).not.toBeInTheDocument());
  });
});
