/**
 * The options of a rich-text editor whose editable area carries the field's name (the text box
 * screen readers land on). The options keep their identity from one render to the next:
 * ra-input-rich-text builds a new editor whenever its options change, and a new editor drops the
 * keys typed while it is built and the focus, so a form drawn again mid-typing would lose text.
 */
import { useMemo } from 'react';
import { DefaultEditorOptions, type RichTextInputProps } from 'ra-input-rich-text';

export function useNamedEditorOptions(label: string): RichTextInputProps['editorOptions'] {
  return useMemo(() => ({ ...DefaultEditorOptions, editorProps: { attributes: { 'aria-label': label } } }), [label]);
}
