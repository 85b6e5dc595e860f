/**
 * How 'Sett inn' looks: a group of buttons each showing the placeholder it puts in ({first_name}
 * and so on) with its meaning. PlaceholderButtons binds it to an editor; a rich-text field's
 * stand-in shows it as it will be before the editor has loaded.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import '../../i18n/app/placeholders-pages-nb.ts';

export function PlaceholderButtonsView({ names, disabled, onInsert }: { names: readonly string[]; disabled?: boolean; onInsert?: (name: string) => void }) {
  const translate = useTranslate();
  return (
    <Box role="group" aria-label={translate('app.settings.templates.placeholders')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
      <Typography variant="caption" component="span" sx={{ mx: 0.5 }}>
        {translate('app.settings.templates.placeholders')}:
      </Typography>
      {names.map((name) => (
        <Button key={name} size="small" variant="outlined" disabled={disabled} onClick={() => onInsert?.(name)} sx={{ textTransform: 'none' }}>
          {/* The button shows the very text it inserts (what the stored text holds), with its meaning. */}
          {`${translate(`app.settings.templates.placeholder.${name}`)} {${name}}`}
        </Button>
      ))}
    </Box>
  );
}
