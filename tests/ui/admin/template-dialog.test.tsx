/** The e-mail template modal: how staff place the button with the secret link, in Norwegian. */
import { act, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { TemplateDialog } from '../../../src/admin/settings/TemplateDialog.tsx';
import type { EmailTemplate } from '../../../src/dataProvider/types.ts';
import { paged } from './fixtures.ts';
import { installFakeApi, renderAdmin, server } from './harness.tsx';
import { withEditorLayout } from './editor-layout.ts';

installFakeApi();

vi.mock('../../../src/common/staff-areas/registry.ts', async (original) => {
  const { registryWith, testArea } = await import('./test-area.ts');
  return registryWith(original, testArea('template-test'));
});
vi.mock('../../../src/admin/areas/views.ts', async (original) => {
  const { testView, viewsWith } = await import('./test-area.ts');
  return viewsWith(original, () => testView('template-test', Page));
});

withEditorLayout();

const base = {
  from_name: 'Musikerportalen',
  from_email: 'post@example.no',
  created_at: '2026-01-01T09:00:00.000Z',
  updated_at: '2026-01-01T09:00:00.000Z',
};
const RESET: EmailTemplate = {
  ...base,
  id: 6,
  title: 'Lag nytt passord',
  content: '<p>Hei {first_name},</p><p>{button}</p>',
  placeholders: ['first_name', 'last_name', 'button'],
};
const REJECTION: EmailTemplate = {
  ...base,
  id: 1,
  title: 'Søknaden din om medlemskap',
  content: '<p>Hei {first_name}</p>',
  placeholders: ['first_name', 'last_name'],
};

let shown: EmailTemplate = RESET;
/** Draws the page around the dialog again, as a list refreshing behind it would. */
let redraw = () => undefined as void;
function Page() {
  const [, setDrawn] = useState(0);
  redraw = () => setDrawn((count) => count + 1);
  return (
    <>
      <h1>Maler</h1>
      <TemplateDialog template={shown} onClose={() => undefined} />
    </>
  );
}

function answerMembers() {
  server.use(http.get('*/api/member/list', () => HttpResponse.json(paged([]))));
  server.use(http.get('*/api/membership/list', () => HttpResponse.json(paged([]))));
}

describe('the template modal', () => {
  it('tells staff where the button with the secret link goes, and inserts its marker', async () => {
    answerMembers();
    shown = RESET;
    const user = userEvent.setup();
    renderAdmin('/template-test');
    const dialog = await screen.findByRole('dialog');
    const hint = await within(dialog).findByTestId('template-button-hint');
    expect(hint).toHaveTextContent('Slik plasseres knappen med lenken');
    expect(hint).toHaveTextContent('Systemet setter den inn som en knapp der {button} står i teksten');
    expect(hint).toHaveTextContent('ikke i en lenke, et bilde eller emnet');

    const insert = within(dialog).getByRole('group', { name: 'Sett inn' });
    const button = within(insert).getByRole('button', { name: 'Knapp med lenke {button}' });
    expect(within(insert).queryByRole('button', { name: '{Lenke}' })).toBeNull();
    const editor = within(dialog).getByRole('textbox', { name: 'Innhold' });
    await user.click(editor);
    await user.click(button);
    await waitFor(() => expect(editor.textContent?.match(/\{button\}/g)).toHaveLength(2));
  });

  it('keeps the editor, its text and its focus when the page around it is drawn again', async () => {
    answerMembers();
    shown = REJECTION;
    const user = userEvent.setup();
    renderAdmin('/template-test');
    const dialog = await screen.findByRole('dialog');
    const editor = within(dialog).getByRole('textbox', { name: 'Innhold' });
    await user.click(editor);
    await user.click(within(dialog).getByRole('button', { name: 'Fornavn {first_name}' }));
    await waitFor(() => expect(editor).toHaveFocus());
    act(() => redraw());
    expect(within(dialog).getByRole('textbox', { name: 'Innhold' })).toBe(editor);
    expect(editor).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Etternavn {last_name}' }));
    await waitFor(() => expect(editor).toHaveTextContent('{first_name}{last_name}'));
  });

  it('shows no button hint for a template without a secret link', async () => {
    answerMembers();
    shown = REJECTION;
    renderAdmin('/template-test');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('group', { name: 'Sett inn' });
    expect(within(dialog).queryByTestId('template-button-hint')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Knapp med lenke {button}' })).toBeNull();
  });

  it('sends a test to the staff user, busy until it is sent, says where it went, and can send again', async () => {
    answerMembers();
    shown = REJECTION;
    let sends = 0;
    let release: () => void = () => undefined;
    server.use(
      http.post('*/api/emails/template/1/test', async () => {
        sends += 1;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json({ data: { to: 'ansatt@example.no' } });
      }),
    );
    const user = userEvent.setup();
    renderAdmin('/template-test');
    const dialog = await screen.findByRole('dialog');
    const send = await within(dialog).findByRole('button', { name: 'Send en test til meg' });
    await user.click(send);
    // Busy while the server sends, so a second click cannot start another.
    await waitFor(() => expect(send).toBeDisabled());
    release();
    expect(await screen.findByText('Testen er sendt til ansatt@example.no')).toBeInTheDocument();
    await waitFor(() => expect(send).toBeEnabled());
    expect(sends).toBe(1);
  });
});
