/**
 * The spec's date picker (MUI X) for DateInput: dd/MM/yyyy typed or picked (by keyboard too),
 * Norwegian months and texts, 1905 to next year, clearable; the form value stays 'yyyy-MM-dd'.
 * TableDatePicker: the same picker for a cell of an editable table (TableDateField); FilterDatePicker
 * for a list's filter (FilterDateField).
 * DateInput and TableDateField load this module when someone reaches for a date field.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type ComponentProps } from 'react';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { nbNO } from '@mui/x-date-pickers/locales';
import { nb } from 'date-fns/locale/nb';
import { FieldTitle, InputHelperText, type useInput } from 'react-admin';
import { FIRST_YEAR, fromDate, lastYear, toDate } from './dateValue.ts';
import { FILTER_FIELD_LOOK, FORM_FIELD_LOOK, TABLE_FIELD_SX } from './tableField.ts';

/** The pickers' bokmål texts, with the spec's placeholder 'dd/mm/åååå' (MUI's reads 'DD/MM/ÅÅÅÅ'). */
const localeText = {
  ...nbNO.components.MuiLocalizationProvider.defaultProps.localeText,
  fieldDayPlaceholder: () => 'dd',
  fieldMonthPlaceholder: () => 'mm',
  fieldYearPlaceholder: ({ digitAmount }: { digitAmount: number }) => 'å'.repeat(digitAmount),
};

export interface DatePickerInputProps {
  input: ReturnType<typeof useInput>;
  source: string;
  label?: string;
  minDate?: string | null;
  /** Where to put the focus once drawn (it replaces a field that had it there). */
  focus?: 'field' | 'button';
  /** Open the calendar once drawn (its button was pressed before the picker was there). */
  openAtStart?: boolean;
}

/**
 * What both pickers share: the calendar's open state (open at once when its button was pressed
 * before the picker was there), the focus taken over from the field drawn before, the format and
 * the years offered.
 */
function usePicker(focus: 'field' | 'button' | undefined, openAtStart: boolean, minDate: string | null | undefined) {
  const [open, setOpen] = useState(openAtStart);
  const inputRef = useRef<HTMLInputElement | null>(null);
  // Before the browser takes the next keystroke, so none falls between the field drawn before and this one.
  useLayoutEffect(() => {
    if (openAtStart) return;
    if (focus === 'field') inputRef.current?.focus();
    if (focus === 'button') inputRef.current?.closest('.MuiInputBase-root')?.querySelector<HTMLButtonElement>('button[aria-label]')?.focus();
    // Only when first drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const shared = {
    open,
    onOpen: () => setOpen(true),
    onClose: () => setOpen(false),
    format: 'dd/MM/yyyy',
    minDate: toDate(minDate ?? null) ?? new Date(FIRST_YEAR, 0, 1),
    maxDate: new Date(lastYear(), 11, 31),
    enableAccessibleFieldDOMStructure: false as const,
  };
  return { inputRef, shared };
}

export function DatePickerInput({ input, source, label, minDate, focus, openAtStart = false }: DatePickerInputProps) {
  const { field, fieldState, id, isRequired: required } = input;
  const error = fieldState.error?.message;
  const { inputRef, shared } = usePicker(focus, openAtStart, minDate);
  const { ref: fieldRef } = field;
  const setInput = useCallback(
    (element: HTMLInputElement | null) => {
      inputRef.current = element;
      fieldRef(element);
    },
    [fieldRef, inputRef],
  );
  // One Date per stored value: a new Date on every render of the form would read to the picker as
  // a change from outside and reset the section being typed (a half-typed date stays 'invalid').
  const value = useMemo(() => toDate(field.value), [field.value]);
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={nb} localeText={localeText}>
      <DatePicker
        value={value}
        onChange={(date) => field.onChange(fromDate(date))}
        {...shared}
        inputRef={setInput}
        label={<FieldTitle label={label} source={source} isRequired={required} />}
        slotProps={{
          field: { clearable: true },
          // The field keeps react-admin's id, so its label is `${id}-label` (MUI's TextField), not
          // the picker's own: name the calendar after the label the page really has.
          popper: { 'aria-labelledby': `${id}-label` },
          textField: {
            id,
            name: field.name,
            onBlur: field.onBlur,
            ...FORM_FIELD_LOOK,
            error: !!error,
            helperText: <InputHelperText error={error} />,
          },
        }}
      />
    </LocalizationProvider>
  );
}

/** A table cell's date field (TableDateField), before and after its picker has loaded. */
export interface TableDateFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name: the column and the row. */
  label: string;
  disabled?: boolean;
  error?: boolean;
  describedBy?: string;
  /** The earliest day offered ('yyyy-MM-dd'). */
  minDate?: string;
}

export interface TableDatePickerProps extends TableDateFieldProps {
  focus?: 'field' | 'button';
  openAtStart?: boolean;
}

/**
 * The picker on a plain value outside a react-admin form ('yyyy-MM-dd', '' when emptied, 'invalid'
 * while half typed): what TableDatePicker and FilterDatePicker share.
 */
function ValuePicker({
  value,
  onChange,
  minDate,
  focus,
  openAtStart = false,
  localeText: texts,
  ...picker
}: {
  value: string;
  onChange: (value: string) => void;
  minDate?: string;
  focus?: 'field' | 'button';
  openAtStart?: boolean;
  localeText: typeof localeText;
} & Pick<ComponentProps<typeof DatePicker>, 'label' | 'disabled' | 'slotProps'>) {
  // One Date per value, so a re-render around it does not reset the section being typed.
  const date = useMemo(() => toDate(value), [value]);
  const { inputRef, shared } = usePicker(focus, openAtStart, minDate);
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={nb} localeText={texts}>
      <DatePicker value={date} onChange={(date) => onChange(fromDate(date) ?? '')} {...shared} {...picker} inputRef={inputRef} />
    </LocalizationProvider>
  );
}

export function TableDatePicker({ label, error, describedBy, ...rest }: TableDatePickerProps) {
  return (
    <ValuePicker
      {...rest}
      localeText={localeText}
      slotProps={{
        openPickerButton: { 'aria-label': `${label}: velg dato` },
        textField: {
          size: 'small',
          error,
          sx: TABLE_FIELD_SX,
          inputProps: { 'aria-label': label, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy },
        },
      }}
    />
  );
}

/** A list filter's date field (FilterDateField): the form's look and visible label, no form around it. */
export interface FilterDateFieldProps {
  value: string;
  /** Takes 'yyyy-MM-dd', '' when emptied, 'invalid' while half typed. */
  onChange: (value: string) => void;
  id: string;
  label: string;
  /** The problem to show under the field, already in words. */
  error?: string;
}

export function FilterDatePicker({ id, label, error, ...rest }: FilterDateFieldProps & { focus?: 'field' | 'button'; openAtStart?: boolean }) {
  return (
    <ValuePicker
      {...rest}
      localeText={localeText}
      label={label}
      slotProps={{
        field: { clearable: true },
        popper: { 'aria-labelledby': `${id}-label` },
        textField: { id, ...FILTER_FIELD_LOOK, error: !!error, helperText: error ?? ' ' },
      }}
    />
  );
}
