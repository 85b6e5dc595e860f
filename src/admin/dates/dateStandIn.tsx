/**
 * A staff date field before its picker (DatePickerInput.tsx: MUI X and date-fns, some 55 KB gzip)
 * has loaded, shared by DateInput (react-admin forms) and TableDateField (table cells). The picker
 * loads when someone starts on the form or table the field is in (the pointer over it, a touch,
 * the focus in one of its fields); until then the field is drawn as the picker draws it (same box,
 * label, value, placeholder and buttons), so nothing moves when the picker takes its place; the
 * picker then keeps the focus (in the field or on its calendar button), and opens its calendar if
 * its button was pressed. Digits typed into the field before the picker is there are taken
 * (dd, mm, åååå in turn; Backspace and Delete erase), and the field stays as it is until the
 * focus leaves it, so no keystroke is lost or split between the two. Where the picker is a dialog
 * (a coarse pointer: phones, tablets) it loads with the page.
 */
import { useEffect, useRef, useState, useSyncExternalStore, type FocusEvent, type KeyboardEvent, type SyntheticEvent } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import ClearIcon from '@mui/icons-material/Clear';
import EventIcon from '@mui/icons-material/Event';
import { calendarDay, INVALID_DATE } from './dateCheck.ts';

type PickerModule = typeof import('./DatePickerInput.tsx');

let picker: PickerModule | undefined;
let loading: Promise<PickerModule> | undefined;
const listeners = new Set<() => void>();

/** Fetches the picker once; every date field on the page takes it as soon as it is there. */
export function loadDatePicker(): Promise<PickerModule> {
  loading ??= import('./DatePickerInput.tsx').then((module) => {
    picker = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const currentPicker = () => picker;

const pad = (value: number) => String(value).padStart(2, '0');

/** date-fns' bokmål month abbreviations, as the picker names a chosen date ('PP': '7. apr. 1988'). */
const MONTHS = ['jan.', 'feb.', 'mars', 'apr.', 'mai', 'juni', 'juli', 'aug.', 'sep.', 'okt.', 'nov.', 'des.'];

/** The picker's field text for a stored value: dd/MM/yyyy, or nothing. */
export function fieldText(value: unknown): string {
  const day = calendarDay(value);
  return day ? `${pad(day.day)}/${pad(day.month)}/${day.year}` : '';
}

/** The picker's name for its calendar button (MUI X's bokmål 'openDatePickerDialogue'). */
export function openButtonLabel(value: unknown): string {
  const day = calendarDay(value);
  return day ? `Velg dato, valgt dato er ${day.day}. ${MONTHS[day.month - 1]} ${day.year}` : 'Velg dato';
}

export const PLACEHOLDER = 'dd/mm/åååå';

/** Typed digits (ddMMyyyy, up to 8) as the picker shows them: its placeholder filled from the left. */
export function typedText(digits: string, placeholder = PLACEHOLDER): string {
  let text = '';
  let next = 0;
  for (const char of placeholder) {
    text += char !== '/' && next < digits.length ? digits[next++] : char;
  }
  return text;
}

/** The form value of typed digits: none, a whole 'yyyy-MM-dd', or 'invalid' while half typed. */
export function typedValue(digits: string): string | null {
  if (digits === '') return null;
  if (digits.length < 8) return INVALID_DATE;
  return `${digits.slice(4, 8)}-${digits.slice(2, 4)}-${digits.slice(0, 2)}`;
}

/** What a date field drawn before its picker remembers for the picker taking its place. */
interface StandInState {
  /** Where the focus was in the field (the picker puts it back there). */
  focus: 'field' | 'button' | undefined;
  /** Its calendar button was pressed (the picker opens its calendar). */
  open: boolean;
}

/**
 * The picker module as a date field sees it, and the field's state before it: the module loads
 * when the pointer, a touch or the focus enters the form or table the field is in (`area`), or
 * with the page where the picker is a dialog (coarse pointer). While `typed` is set, someone is
 * typing in the field drawn before the picker, and it stays until the focus leaves it.
 */
export function useStandIn(area: string) {
  const loaded = useSyncExternalStore(subscribe, currentPicker);
  // A dialog picker (coarse pointer) is read-only until opened and drawn otherwise: load it with the form.
  const finePointer = useMediaQuery('@media (pointer: fine)', { defaultMatches: true, noSsr: true });
  useEffect(() => {
    if (!finePointer) void loadDatePicker();
  }, [finePointer]);
  const wanted = useRef<StandInState>({ focus: undefined, open: false });
  const root = useRef<HTMLDivElement>(null);
  // Digits typed before the picker came; while set, the field stays as it is.
  const [typed, setTyped] = useState<string | null>(null);
  useEffect(() => {
    const around = root.current?.closest(area);
    if (loaded || !around) return;
    const start = () => void loadDatePicker();
    const events = ['pointerover', 'focusin', 'touchstart'] as const;
    for (const event of events) around.addEventListener(event, start, { once: true, passive: true });
    return () => {
      for (const event of events) around.removeEventListener(event, start);
    };
  }, [loaded, area]);
  return { picker: typed === null ? loaded : undefined, wanted, root, typed, setTyped };
}

interface StandInProps {
  state: ReturnType<typeof useStandIn>;
  /** The stored value ('yyyy-MM-dd'), drawn as dd/MM/yyyy. */
  value: unknown;
  /** Takes what typing makes of the value: null when emptied, 'invalid' while half typed. */
  onType: (value: string | null) => void;
  onLeave?: () => void;
  placeholder: string;
  clearable: boolean;
  openLabel: string;
  textField: Omit<TextFieldProps, 'value' | 'onChange' | 'onFocus' | 'onBlur' | 'slotProps' | 'ref' | 'variant'> & { variant?: 'filled' };
  htmlInput?: Record<string, unknown>;
}

/** The date field as the picker draws it, before the picker is there: shows, takes typed digits, hands over. */
export function DateStandIn({ state, value, onType, onLeave, placeholder, clearable, openLabel, textField, htmlInput }: StandInProps) {
  const { wanted, root, typed, setTyped } = state;
  const reach = () => void loadDatePicker();
  const type = (digits: string) => {
    setTyped(digits);
    onType(typedValue(digits));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.currentTarget;
    const all = target.selectionStart === 0 && target.selectionEnd === target.value.length && target.value.length > 0;
    const digits = typed ?? '';
    if (/^[0-9]$/.test(event.key)) {
      event.preventDefault();
      type(all ? event.key : (digits + event.key).slice(0, 8));
    } else if (event.key === 'Backspace' || event.key === 'Delete') {
      event.preventDefault();
      type(all ? '' : digits.slice(0, -1));
    } else if (event.key.length === 1) {
      event.preventDefault();
    }
  };
  return (
    <TextField
      {...textField}
      ref={root}
      value={typed !== null ? typedText(typed, placeholder) : fieldText(value)}
      // Typing goes through onKeyDown; the text itself is drawn from the digits.
      onChange={() => undefined}
      onPointerEnter={reach}
      onTouchStart={reach}
      onFocus={(event: FocusEvent) => {
        wanted.current.focus = event.target instanceof HTMLButtonElement ? 'button' : 'field';
        reach();
      }}
      onBlur={(event: FocusEvent) => {
        if (root.current?.contains(event.relatedTarget as Node | null)) return;
        wanted.current.focus = undefined;
        setTyped(null);
        onLeave?.();
      }}
      // As the picker's field: the clear button shows on hover and focus where there is a mouse.
      sx={[
        ...(clearable
          ? [
              {
                '& .clearButton': { opacity: 1 },
                '@media (pointer: fine)': { '& .clearButton': { opacity: 0 }, '&:hover, &:focus-within': { '.clearButton': { opacity: 1 } } },
              },
            ]
          : []),
        ...(Array.isArray(textField.sx) ? textField.sx : textField.sx ? [textField.sx] : []),
      ]}
      slotProps={{
        htmlInput: {
          ...htmlInput,
          placeholder,
          autoComplete: 'off',
          inputMode: 'text',
          'data-picker': 'pending',
          onKeyDown,
          onPaste: (event: SyntheticEvent) => event.preventDefault(),
        },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              {clearable && (
                <IconButton className="clearButton" tabIndex={-1} title="Slett" disabled={textField.disabled} onClick={() => type('')}>
                  <ClearIcon fontSize="small" />
                </IconButton>
              )}
              <IconButton
                edge="end"
                aria-label={openLabel}
                disabled={textField.disabled}
                onClick={(event: SyntheticEvent) => {
                  event.preventDefault();
                  wanted.current.open = true;
                  setTyped(null);
                  reach();
                }}
              >
                <EventIcon />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
