/**
 * A rich-text field before its editor has loaded: it shows the stored text as the editor would
 * (and nothing of its markup that could run), is checked as the editor is, and the editor comes
 * when it is used, with the focus and with what was typed while it loaded.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RichTextOnUse } from '../../../src/admin/forms/RichTextOnUse.tsx';
import { RULE_MESSAGES } from '../../../server/schemas/rules.ts';
import { i18nProvider } from '../../../src/i18n/index.ts';
import '../../../src/i18n/app/sends-pages-nb.ts';
import { withEditorLayout } from './editor-layout.ts';

// The editor's module arrives only when the test lets it, as over a slow network.
const gate = vi.hoisted(() => {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened, asked: 0 };
});
vi.mock('../../../src/admin/forms/RichTextEditor.tsx', async (importOriginal) => {
  gate.asked += 1;
  await gate.opened;
  return importOriginal();
});

withEditorLayout();

afterEach(cleanup);

const filled = (value: unknown) =>
  value === undefined || value === null || String(value).trim() === '' || value === '<p></p>' ? RULE_MESSAGES.fillIn : undefined;

function renderField(body: string) {
  const saved = vi.fn();
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <Form record={{ body }} onSubmit={saved} mode="onChange">
        <RichTextOnUse source="body" label="app.sends.fields.body" validate={filled} placeholders={['first_name']} minHeight={240} />
        <button type="submit">Lagre</button>
      </Form>
    </AdminContext>,
  );
  return saved;
}

const field = () => screen.getByRole('textbox', { name: 'Innhold i e-posten' });

describe('a rich-text field before its editor', () => {
  it('shows the text with its formatting and nothing of its markup that could run, without loading the editor', () => {
    renderField(
      '<p>Hei <strong>alle</strong> <a href="javascript:alert(1)">her</a></p><img src="x" onerror="alert(1)"><script>alert(1)</script><ul><li>Én</li></ul>',
    );
    expect(field()).toHaveTextContent('Hei alle her');
    expect(field().querySelector('strong')).toHaveTextContent('alle');
    expect(field().querySelector('li')).toHaveTextContent('Én');
    expect(field().querySelector('a, img, script, [onerror], [href]')).toBeNull();
    expect(gate.asked).toBe(0);
  });

  it('is checked as the editor is: an empty text is refused at the field, before the editor is used', async () => {
    const user = userEvent.setup();
    const saved = renderField('');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText(RULE_MESSAGES.fillIn)).toBeInTheDocument();
    expect(field()).toHaveAttribute('aria-invalid', 'true');
    expect(saved).not.toHaveBeenCalled();
    expect(gate.asked).toBe(0);
  });

  it('becomes the editor when used, with the focus and what was typed while it loaded', async () => {
    const user = userEvent.setup();
    const saved = renderField('<p>Hei alle.</p>');
    await user.click(field());
    expect(field()).toHaveFocus();
    await user.keyboard(' Velkommen{Enter}Ses');
    // Still the stand-in: nothing typed is lost while the editor loads.
    expect(field()).not.toHaveAttribute('contenteditable');
    await act(async () => gate.open());
    const editor = await waitFor(() => {
      expect(field()).toHaveAttribute('contenteditable', 'true');
      return field();
    });
    await waitFor(() => expect(editor).toHaveFocus());
    await waitFor(() => expect(editor).toHaveTextContent('Hei alle. VelkommenSes'));
    await user.keyboard('!');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(saved.mock.calls[0][0]).toEqual({ body: '<p>Hei alle. Velkommen</p><p>Ses!</p>' });
  });
});
