/**
 * A form without react-hook-form, for the pages a member or visitor opens first (the sign-in,
 * the reset, the sign-up, the profile, the travel insurance): they load under 100 KB, and the
 * form library is an eighth of that. It keeps react-hook-form's behaviour where the member sees
 * it: in its `onTouched` mode a field is checked when it loses focus and again as it changes
 * after that (in `onChange` as it changes), every field when the form is sent (the first one in
 * error then takes the focus), and once it has been sent only as a field changes, so leaving a
 * field keeps a message the server put there; the form is dirty while a value differs from its
 * starting one. The rules are the page's yup schema from validation.ts, loaded on the first check
 * as schemaResolver does, whose values (trimmed, numbers cast) are sent, or the form's own check.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { AnyObjectSchema, ValidationError } from 'yup';
import type { DateBinding } from './components/DateInput.tsx';

type Schemas = typeof import('./validation.ts');
type Value = string | number | boolean;
type Input = HTMLInputElement | HTMLSelectElement;
/** Each field's message, by field. */
export type Errors<V> = Partial<Record<keyof V & string, string>>;
/** The form's rules: a schema of validation.ts (loaded on the first check), or the form's own check naming each field's message. */
export type Rules<V> = ((schemas: Schemas) => AnyObjectSchema) | { check: (values: V) => Errors<V> };
/**
 * When fields are checked: `onTouched` (leaving a field, then as it changes) or `onChange` (as
 * each changes, not on leaving it, and whether all pass is known from the start), as in
 * react-hook-form.
 */
type Mode = 'onTouched' | 'onChange';

export interface LightForm<V extends Record<string, Value>> {
  /** The props an input or select of fields.tsx takes as its `registration`; a select's numbers are read as numbers. */
  register(name: keyof V & string): UseFormRegisterReturn;
  /** The props of a date field (DateInput.tsx). */
  field(name: keyof V & string): DateBinding;
  /** A field's value now (the form renders again when one changes). */
  watch<N extends keyof V & string>(name: N): V[N];
  /** Puts a value in a field, checking it when `check`. */
  setValue<N extends keyof V & string>(name: N, value: V[N], check?: boolean): void;
  /** Sends the form's values to `send` once every field passes. */
  handleSubmit(send: (values: V) => Promise<void>): (event: FormEvent) => Promise<void>;
  /** Shows a message under a field (one the server gave), taking the focus there when `focus`. */
  setError(name: keyof V & string, message: string, focus?: boolean): void;
  /** Starts again from `values`: no field touched, no message, nothing changed. */
  reset(values: V): void;
  /** From now on, `isValid` says whether every field passes (a check on every change). */
  trackValidity(): void;
  errors: Errors<V>;
  isDirty: boolean;
  isValid: boolean;
  isSubmitting: boolean;
}

/** What an input holds, as the form keeps it: a checkbox's tick, a number as a number. */
function valueOf(input: Input, was: Value): Value {
  if (input instanceof HTMLInputElement && input.type === 'checkbox') return input.checked;
  return typeof was === 'number' ? Number(input.value) : input.value;
}

function show(input: Input, value: Value) {
  if (input instanceof HTMLInputElement && input.type === 'checkbox') input.checked = value === true;
  else if (input.value !== String(value)) input.value = String(value);
}

/** `start`'s keys are the fields, in the order shown. */
export function useLightForm<V extends Record<string, Value>>(start: V, rules: Rules<V>, mode: Mode = 'onTouched'): LightForm<V> {
  type Name = keyof V & string;
  const names = Object.keys(start) as Name[];
  const initial = useRef(start);
  const values = useRef<V>({ ...start });
  const inputs = useRef(new Map<Name, Input>());
  /** The fields bound with `field`: date fields, which show their own text of the value. */
  const dates = useRef(new Set<Name>());
  const touched = useRef(new Set<Name>());
  const sent = useRef(false);
  const tracking = useRef(mode === 'onChange');
  const schema = useRef<Promise<AnyObjectSchema> | null>(null);
  const [errors, setErrors] = useState<Errors<V>>({});
  const [isValid, setValid] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [, setChanges] = useState(0);

  /** Every field's first message, by field, and the values the schema made of them. */
  async function check(): Promise<{ found: Errors<V>; cast: V }> {
    if (typeof rules !== 'function') return { found: rules.check(values.current), cast: values.current };
    schema.current ??= import('./validation.ts').then(rules);
    try {
      const cast = (await (await schema.current).validate(values.current, { abortEarly: false })) as V;
      return { found: {}, cast };
    } catch (error) {
      const found: Errors<V> = {};
      for (const problem of (error as ValidationError).inner) {
        const name = problem.path as Name;
        found[name] ??= problem.message;
      }
      return { found, cast: values.current };
    }
  }

  /** Shows `name`'s message as it is now, leaving the other fields' as they were. */
  async function checkField(name: Name) {
    const { found } = await check();
    setErrors((shown) => ({ ...shown, [name]: found[name] }));
    if (tracking.current) setValid(Object.keys(found).length === 0);
  }

  async function checkValidity() {
    const { found } = await check();
    setValid(Object.keys(found).length === 0);
  }

  /** A value changed: the form renders again, and the field is checked if it was touched (or always, `onChange`). */
  async function changed(name: Name) {
    setChanges((count) => count + 1);
    if (mode === 'onChange' || touched.current.has(name)) await checkField(name);
    else if (tracking.current) await checkValidity();
  }

  async function left(name: Name) {
    touched.current.add(name);
    if (mode === 'onTouched' && !sent.current) await checkField(name);
  }

  /** Puts a value in a field's input, unless a date field's: that one shows its own text of it. */
  function showIn(name: Name, value: Value) {
    const input = inputs.current.get(name);
    if (input && !dates.current.has(name)) show(input, value);
  }

  /** Keeps a field's input, for the focus and to show its value. */
  function keep(name: Name, input: Input | null) {
    if (!input) {
      inputs.current.delete(name);
      return;
    }
    if (inputs.current.get(name) === input) return;
    inputs.current.set(name, input);
    showIn(name, values.current[name]);
  }

  return {
    register(name) {
      return {
        name,
        ref: (input: Input | null) => keep(name, input),
        onBlur: () => left(name),
        onChange: async (event: { target: Input }) => {
          values.current = { ...values.current, [name]: valueOf(event.target, values.current[name]) };
          await changed(name);
        },
      };
    },
    field(name) {
      dates.current.add(name);
      return {
        name,
        value: String(values.current[name]),
        error: errors[name],
        ref: (input) => keep(name, input),
        onBlur: () => void left(name),
        onChange: (value) => {
          values.current = { ...values.current, [name]: value };
          void changed(name);
        },
      };
    },
    watch: (name) => values.current[name],
    setValue(name, value, check = false) {
      values.current = { ...values.current, [name]: value };
      showIn(name, value);
      setChanges((count) => count + 1);
      if (check) void checkField(name);
      else if (tracking.current) void checkValidity();
    },
    handleSubmit(send) {
      return async (event) => {
        event.preventDefault();
        sent.current = true;
        for (const name of names) touched.current.add(name);
        const { found, cast } = await check();
        setErrors(found);
        const first = names.find((name) => found[name]);
        if (first) {
          inputs.current.get(first)?.focus();
          return;
        }
        setSubmitting(true);
        try {
          await send(cast);
        } finally {
          setSubmitting(false);
        }
      };
    },
    setError(name, message, focus = false) {
      setErrors((shown) => ({ ...shown, [name]: message }));
      if (focus) inputs.current.get(name)?.focus();
    },
    reset(next) {
      initial.current = next;
      values.current = { ...next };
      for (const name of inputs.current.keys()) showIn(name, next[name]);
      touched.current.clear();
      sent.current = false;
      setErrors({});
      setChanges((count) => count + 1);
      if (tracking.current) void checkValidity();
    },
    trackValidity() {
      if (tracking.current) return;
      tracking.current = true;
      void checkValidity();
    },
    errors,
    isDirty: names.some((name) => values.current[name] !== initial.current[name]),
    isValid,
    isSubmitting,
  };
}
