/** An on/off switch bound to the form. */
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslate } from 'react-admin';
import { useField, type FieldProps } from './useField.ts';

export function SwitchField(props: FieldProps) {
  const translate = useTranslate();
  const { field } = useField(props);
  return (
    <FormControlLabel
      sx={{ my: 1 }}
      label={translate(props.label)}
      disabled={props.disabled}
      control={
        <Switch
          name={field.name}
          checked={!!field.value}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          slotProps={{ input: { ref: field.ref } }}
        />
      }
    />
  );
}
