/**
 * 'Sett inn': a rich-text toolbar's buttons putting a placeholder ({first_name} and so on) where the
 * cursor is, each showing the very text it inserts with its meaning. The e-mail templates' editor
 * and the sends' editor use it; put it inside ra-input-rich-text's toolbar.
 */
import { useTiptapEditor } from 'ra-input-rich-text';
import { PlaceholderButtonsView } from './PlaceholderButtonsView.tsx';

export function PlaceholderButtons({ names }: { names: readonly string[] }) {
  const editor = useTiptapEditor();
  return <PlaceholderButtonsView names={names} disabled={!editor} onInsert={(name) => editor?.chain().focus().insertContent(`{${name}}`).run()} />;
}
