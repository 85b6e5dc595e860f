/**
 * A rich-text field whose editor (TipTap and its toolbar, some 150 KB gzip) loads when it is first
 * used: until then the field shows its text as the editor would, as a text box with the field's
 * name, and the editor comes as soon as the box is focused, clicked or typed in. Keys typed while
 * it loads are kept and put in where the caret lands, at the end of the text, so nothing typed is
 * lost. Validation and the field's messages work the same before and after.
 */
import { Fragment, useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Code from '@mui/icons-material/Code';
import FormatBold from '@mui/icons-material/FormatBold';
import FormatClear from '@mui/icons-material/FormatClear';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatStrikethrough from '@mui/icons-material/FormatStrikethrough';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import InsertLink from '@mui/icons-material/InsertLink';
import type SvgIcon from '@mui/material/SvgIcon';
import FormHelperText from '@mui/material/FormHelperText';
import { InputHelperText, Labeled, useInput, useTranslate } from 'react-admin';
import type { RichTextEditorProps, RichTextOnUseProps, Typed } from './richText.ts';
import { PlaceholderButtonsView } from './PlaceholderButtonsView.tsx';

/** The editor's module, asked for once (a pointer over the field starts it before the click). */
const loadEditor = () => import('./RichTextEditor.tsx');

/** The toolbar's buttons in its groups, as RichTextEditor has them (the link's greyed until text is chosen). */
const TOOLBAR: { icons: (typeof SvgIcon)[]; disabled?: boolean }[] = [
  { icons: [FormatBold, FormatItalic, FormatUnderlined, FormatStrikethrough, Code] },
  { icons: [FormatListBulleted, FormatListNumbered] },
  { icons: [InsertLink], disabled: true },
  { icons: [FormatClear] },
];

/**
 * The editor's toolbar as it will look (the same buttons at the same sizes, so the same wrapping at
 * every width and nothing moves when the editor comes), drawn without MUI's toggle buttons, which
 * come with the editor; inert until then: a press on it asks for the editor.
 */
function ToolbarLookAlike({ placeholders }: { placeholders: readonly string[] }) {
  return (
    // The same rules as ra-input-rich-text's toolbar (RichTextInputToolbar) and MUI's medium toggle buttons.
    <Box inert sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', '& > *': { mr: 1, mb: 1 }, '& > *:last-child': { mr: 0 } }}>
      {TOOLBAR.map(({ icons, disabled }, group) => (
        <Box key={group} sx={{ display: 'inline-flex', borderRadius: 1 }}>
          {icons.map((Icon, index) => (
            <Box
              key={index}
              component="span"
              sx={{
                display: 'inline-flex',
                p: 0.5,
                fontSize: (theme) => theme.typography.pxToRem(24),
                border: 1,
                borderColor: 'divider',
                color: disabled ? 'action.disabled' : 'action.active',
                ...(index > 0 && { ml: '-1px', borderLeftColor: 'transparent' }),
                ...(index === 0 && { borderTopLeftRadius: 4, borderBottomLeftRadius: 4 }),
                ...(index === icons.length - 1 && { borderTopRightRadius: 4, borderBottomRightRadius: 4 }),
              }}
            >
              <Icon fontSize="inherit" />
            </Box>
          ))}
        </Box>
      ))}
      <PlaceholderButtonsView names={placeholders} />
    </Box>
  );
}

const TAGS: Record<string, string> = {
  P: 'p',
  STRONG: 'strong',
  B: 'strong',
  EM: 'em',
  I: 'em',
  U: 'u',
  S: 's',
  UL: 'ul',
  OL: 'ol',
  LI: 'li',
  H1: 'h1',
  H2: 'h2',
  H3: 'h3',
  BLOCKQUOTE: 'blockquote',
  A: 'u',
  BR: 'br',
  CODE: 'code',
};

const SILENT = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'SVG', 'MATH', 'TITLE', 'HEAD', 'SELECT', 'TEXTAREA']);

/**
 * The stored HTML drawn as the editor shows it, from an inert document and through a short list of
 * elements without attributes (a link shows underlined, not followable): no markup of the text's
 * own reaches the page.
 */
function renderHtml(html: string): ReactNode {
  if (!html) return null;
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const walk = (node: Node, key: number): ReactNode => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (node.nodeType !== Node.ELEMENT_NODE) return null;
    const children = Array.from(node.childNodes).map(walk);
    const name = (node as Element).tagName;
    // What is not text (a script's or a style's content) is left out with its element.
    if (SILENT.has(name)) return null;
    const tag = TAGS[name];
    if (!tag) return <Fragment key={key}>{children}</Fragment>;
    if (tag === 'br') return <br key={key} />;
    const Tag = tag as 'p';
    return <Tag key={key}>{children}</Tag>;
  };
  return Array.from(body.childNodes).map(walk);
}

/** The field until its editor has come: looks as the editor does, and asks for it when used. */
function StandIn({ source, label, validate, minHeight, placeholders, onUse }: RichTextOnUseProps & { onUse: () => void }) {
  const translate = useTranslate();
  const { id, field, fieldState, isRequired } = useInput({ source, validate, defaultValue: '' });
  const { error, invalid } = fieldState;
  return (
    <Box className="ra-input" sx={{ width: '100%' }}>
      <Labeled isRequired={isRequired} label={label} id={`${id}-label`} color={invalid ? 'error' : undefined} source={source} fullWidth>
        <>
          <Box onPointerDown={onUse}>
            <ToolbarLookAlike placeholders={placeholders} />
          </Box>
          <Box
            id={id}
            role="textbox"
            tabIndex={0}
            data-rich-text-stand-in="1"
            aria-multiline
            aria-label={translate(label)}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-helper` : undefined}
            onFocus={onUse}
            onPointerDown={onUse}
            onPointerEnter={() => void loadEditor()}
            sx={{
              minHeight,
              p: 1,
              bgcolor: 'background.default',
              border: 1,
              borderColor: invalid ? 'error.main' : 'divider',
              borderRadius: 1,
              cursor: 'text',
              '&:hover': { bgcolor: 'action.hover' },
              '& p': { m: '0 0 1em 0', '&:last-child': { mb: 0 } },
            }}
          >
            {renderHtml(String(field.value ?? ''))}
          </Box>
          <FormHelperText id={`${id}-helper`} error={invalid}>
            <InputHelperText error={error?.message} helperText={false} />
          </FormHelperText>
        </>
      </Labeled>
    </Box>
  );
}

export function RichTextOnUse(props: RichTextOnUseProps) {
  const [wanted, setWanted] = useState(false);
  const [Editor, setEditor] = useState<ComponentType<RichTextEditorProps> | null>(null);
  // Set at the first use; the editor takes it (and sets it back to null) as it takes the focus.
  const typed = useRef<Typed | null>(null);
  const use = useCallback(() => {
    if (typed.current) return;
    typed.current = { text: '' };
    setWanted(true);
    loadEditor().then(
      (module) => setEditor(() => module.RichTextEditor),
      // Not loaded (the network went away): the next use asks again.
      () => {
        typed.current = null;
        setWanted(false);
      },
    );
  }, []);

  // From the first use until the editor has the focus, printable keys typed into the stand-in (or
  // nowhere, as it gives way to the editor) are kept for it.
  useEffect(() => {
    if (!wanted) return;
    const keep = (event: KeyboardEvent) => {
      const buffer = typed.current;
      const target = document.activeElement;
      const waiting = !target || target === document.body || (target instanceof HTMLElement && target.dataset.richTextStandIn === '1');
      if (!buffer || !waiting || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key.length === 1) buffer.text += event.key;
      else if (event.key === 'Enter') buffer.text += '\n';
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', keep, true);
    return () => document.removeEventListener('keydown', keep, true);
  }, [wanted]);

  if (Editor) return <Editor {...props} typed={typed} />;
  return <StandIn {...props} onUse={use} />;
}
