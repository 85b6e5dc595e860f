/**
 * The rich-text editor RichTextOnUse loads on first use: ra-input-rich-text's input with the
 * formatting, list, link and clear buttons and 'Sett inn', named by the field. As it comes it takes
 * the focus (unless the user has moved on to another field) at the end of the text, with what was
 * typed while it loaded.
 */
import { useEffect, type RefObject } from 'react';
import { ClearButtons, FormatButtons, LinkButtons, ListButtons, RichTextInput, RichTextInputToolbar, useTiptapEditor } from 'ra-input-rich-text';
import { useTranslate } from 'react-admin';
import { PlaceholderButtons } from './PlaceholderButtons.tsx';
import { useNamedEditorOptions } from './useNamedEditorOptions.ts';
import type { RichTextEditorProps, Typed } from './richText.ts';

function TakeFocus({ typed }: { typed: RefObject<Typed | null> }) {
  const editor = useTiptapEditor();
  useEffect(() => {
    if (!editor) return;
    // After the input's own effects, which pass the editor's changes on to the form.
    const timer = setTimeout(() => {
      const buffer = typed.current;
      typed.current = null;
      const active = document.activeElement;
      if (!buffer || editor.isDestroyed || (active && active !== document.body)) return;
      // At once: TipTap's own focus waits for the next frame, and keys typed till then would be lost.
      editor.view.focus();
      let chain = editor.chain().focus('end');
      buffer.text.split('\n').forEach((line, index) => {
        if (index > 0) chain = chain.splitBlock();
        if (line) chain = chain.insertContent(line);
      });
      chain.run();
    }, 0);
    return () => clearTimeout(timer);
  }, [editor, typed]);
  return null;
}

export function RichTextEditor({ source, label, validate, placeholders, minHeight, typed }: RichTextEditorProps) {
  const translate = useTranslate();
  const editorOptions = useNamedEditorOptions(translate(label));
  return (
    <RichTextInput
      source={source}
      label={label}
      validate={validate}
      fullWidth
      editorOptions={editorOptions}
      toolbar={
        <>
          <RichTextInputToolbar>
            <FormatButtons />
            <ListButtons />
            <LinkButtons />
            <ClearButtons />
            <PlaceholderButtons names={placeholders} />
          </RichTextInputToolbar>
          <TakeFocus typed={typed} />
        </>
      }
      sx={{ '& .ProseMirror': { minHeight } }}
    />
  );
}
