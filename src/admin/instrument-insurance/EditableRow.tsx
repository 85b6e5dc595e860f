/** One editable row of the instrument table: a saved row edited in place, or a new one. */
import { memo, useEffect, useId, useRef, type Dispatch } from 'react';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import NativeSelect from '@mui/material/NativeSelect';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';
import type { EditableField, InstrumentRow, RowsAction } from '../../common/instrument-rows.ts';
import { instrumentRowErrors } from '../../../server/schemas/instrument-rules.ts';
import type { InstrumentCategory } from '../../dataProvider/types.ts';
import { TableDateField } from '../dates/TableDateField.tsx';
import { FIELDS, inputSx } from './instrumentRowsLayout.ts';
import '../../i18n/app/instruments-pages-nb.ts';

interface RowProps {
  row: InstrumentRow;
  index: number;
  isNew: boolean;
  disabled: boolean;
  showErrors: boolean;
  categories: InstrumentCategory[];
  dispatch: Dispatch<RowsAction>;
  onTouched: (key: string) => void;
  /** Just brought back with 'Angre': focus goes to its delete button again. */
  restored?: boolean;
}

export const EditableRow = memo(function EditableRow({ row, index, isNew, disabled, showErrors, categories, dispatch, onTouched, restored }: RowProps) {
  const translate = useTranslate();
  const deleteButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (restored) deleteButton.current?.focus();
  }, [restored]);
  const errorId = useId();
  const errors = showErrors ? instrumentRowErrors(row) : {};
  const name = translate(isNew ? 'app.instruments.new_row' : 'app.instruments.row', { number: index + 1 });
  const change = (field: EditableField, value: string | number) => {
    onTouched(row.key);
    dispatch(isNew ? { type: 'editNew', key: row.key, field, value } : { type: 'edit', index, field, value });
  };
  const messages = Object.values(errors);
  return (
    <TableRow>
      <TableCell data-label={translate('app.instruments.columns.type')}>
        <NativeSelect
          input={<InputBase sx={inputSx} />}
          disabled={disabled}
          error={Boolean(errors.instrument_category)}
          value={row.instrument_category}
          onChange={(event) => change('instrument_category', event.target.value === '' ? '' : Number(event.target.value))}
          inputProps={{ 'aria-label': `${translate('app.instruments.columns.type')}, ${name}`, 'aria-describedby': messages.length ? errorId : undefined }}
        >
          <option value="" disabled>
            {translate('app.instruments.choose_type')}
          </option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {category.title}
            </option>
          ))}
        </NativeSelect>
        {messages.length > 0 && (
          <Typography id={errorId} variant="caption" color="error" component="p" sx={{ mt: 0.5 }}>
            {messages.join(' · ')}
          </Typography>
        )}
      </TableCell>
      {FIELDS.map(({ field, label, type }) => (
        <TableCell key={field} data-label={translate(label)}>
          {type === 'date' ? (
            <TableDateField
              value={String(row[field])}
              onChange={(value) => change(field, value)}
              label={`${translate(label)}, ${name}`}
              disabled={disabled}
              error={Boolean(errors[field])}
              describedBy={messages.length ? errorId : undefined}
              minDate={field === 'insurance_end' && row.insurance_start ? row.insurance_start : undefined}
            />
          ) : (
            <InputBase
              sx={inputSx}
              // Names wrap onto another line in their cell rather than being cut; they stay one line of text.
              multiline={field !== 'value'}
              minRows={1}
              disabled={disabled}
              error={Boolean(errors[field])}
              value={row[field]}
              onChange={(event) => change(field, field === 'value' ? event.target.value : event.target.value.replace(/[\r\n]+/g, ' '))}
              onKeyDown={(event) => {
                if (event.key === 'Enter') event.preventDefault();
              }}
              inputProps={{
                'aria-label': `${translate(label)}, ${name}`,
                'aria-invalid': Boolean(errors[field]),
                ...(field === 'value' ? { inputMode: 'numeric' } : {}),
              }}
            />
          )}
        </TableCell>
      ))}
      <TableCell className="row-delete">
        {isNew ? (
          <IconButton aria-label={translate('app.instruments.remove_new', { number: index + 1 })} onClick={() => dispatch({ type: 'removeNew', key: row.key })}>
            <CloseIcon />
          </IconButton>
        ) : (
          <IconButton
            ref={deleteButton}
            aria-label={translate('app.instruments.delete', { name: `${row.make} ${row.model}` })}
            disabled={disabled}
            onClick={() => dispatch({ type: 'delete', index })}
          >
            <DeleteIcon />
          </IconButton>
        )}
      </TableCell>
    </TableRow>
  );
});
