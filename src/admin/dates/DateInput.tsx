/**
 * The spec's date picker as a react-admin input: dd/MM/yyyy typed or picked (by keyboard too),
 * Norwegian months and texts, 1905 to next year, clearable; the form value stays 'yyyy-MM-dd'.
 * Drawn before its picker loads as dateStandIn.tsx says.
 */
import { FieldTitle, InputHelperText, useInput, type Validator } from 'react-admin';
import { dateProblem } from './dateCheck.ts';
import { DateStandIn, openButtonLabel, PLACEHOLDER, useStandIn } from './dateStandIn.tsx';
import { FORM_FIELD_LOOK } from './tableField.ts';

export { fieldText, loadDatePicker, openButtonLabel, typedText, typedValue } from './dateStandIn.tsx';

/** Refuses what the picker only marks: a typed date outside the years it offers. */
export const validDate: Validator = (value) => dateProblem(value);

interface Props {
  source: string;
  /** A catalogue key; without it, react-admin reads the resource's resources.<resource>.fields.<source>. */
  label?: string;
  isRequired?: boolean;
  validate?: Validator | Validator[];
  /** The earliest day the picker offers ('yyyy-MM-dd'); the form's own check refuses earlier typed days. */
  minDate?: string | null;
}

export function DateInput({ source, label, isRequired, validate = [], minDate }: Props) {
  const input = useInput({
    source,
    isRequired,
    validate: [validDate, ...(Array.isArray(validate) ? validate : [validate])],
    format: (value) => value ?? null,
  });
  const state = useStandIn('form');
  const { picker: loaded, wanted } = state;
  if (loaded) {
    return (
      <loaded.DatePickerInput input={input} source={source} label={label} minDate={minDate} focus={wanted.current.focus} openAtStart={wanted.current.open} />
    );
  }
  const { field, fieldState, id, isRequired: required } = input;
  const error = fieldState.error?.message;
  return (
    <DateStandIn
      state={state}
      value={field.value}
      onType={field.onChange}
      onLeave={field.onBlur}
      placeholder={PLACEHOLDER}
      clearable
      openLabel={openButtonLabel(field.value)}
      textField={{
        id,
        name: field.name,
        label: <FieldTitle label={label} source={source} isRequired={required} />,
        ...FORM_FIELD_LOOK,
        error: !!error,
        helperText: <InputHelperText error={error} />,
      }}
    />
  );
}

export default DateInput;
