/** What a rich-text field that loads its editor on first use (RichTextOnUse) and that editor (RichTextEditor) share. */
import type { RefObject } from 'react';
import type { Validator } from 'react-admin';

export interface RichTextOnUseProps {
  source: string;
  /** The field's label (a translation key), also the editable area's name. */
  label: string;
  validate?: Validator | Validator[];
  /** The placeholders the toolbar's 'Sett inn' offers. */
  placeholders: readonly string[];
  /** The editable area's least height in pixels. */
  minHeight: number;
}

/** Keys typed between the first use and the editor taking the focus, in order ('\n' for Enter). */
export interface Typed {
  text: string;
}

export interface RichTextEditorProps extends RichTextOnUseProps {
  /** Set at the first use; the editor takes it (and sets it back to null) as it takes the focus. */
  typed: RefObject<Typed | null>;
}
