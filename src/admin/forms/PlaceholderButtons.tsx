/**
 * 'Sett inn': a rich-text toolbar's buttons putting a placeholder ({first_name} and so on) where the
 * cursor is, each showing the very text it inserts with its meaning. The e-mail templates' editor
 * and the sends' editor use it; put it inside ra-input-rich-text's toolbar.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTiptapEditor } from 'ra-input-rich-text';
import { useTranslate } from 'react-admin';
import '../../i18n/app/settings-pages-nb.ts';

export function PlaceholderButtons({ names }: { names: readonly string[] }) {
  const translate = useTranslate();
  const editor = useTiptapEditor();
  return (
    <Box role="group" aria-label={translate('app.settings.templates.placeholders')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
      <Typography variant="caption" component="span" sx={{ mx: 0.5 }}>
        {translate('app.settings.templates.placeholders')}:
      </Typography>
      {names.map((name) => (
        <Button
          key={name}
          size="small"
          variant="outlined"
          disabled={!editor}
          onClick={() => editor?.chain().focus().insertContent(`{${name}}`).run()}
          sx={{ textTransform: 'none' }}
        >
          {/* The button shows the very text it inserts (what the stored text holds), with its meaning. */}
          {`${translate(`app.settings.templates.placeholder.${name}`)} {${name}}`}
        </Button>
      ))}
    </Box>
  );
}
