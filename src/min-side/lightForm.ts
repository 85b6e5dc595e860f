/**
 * A form of a few text fields and checkboxes without react-hook-form, for the pages a visitor
 * opens first (the sign-in, the reset, the sign-up): they load under 100 KB, and the form library
 * is an eighth of that. It keeps react-hook-form's behaviour (its `onTouched` mode) where the
 * member sees it: the inputs hold their own values, a field is checked when it loses focus and
 * again as it changes after that, every field when the form is sent (the first one in error then
 * takes the focus), and once it has been sent only as a field changes, so leaving a field keeps
 * a message the server put there; with the page's yup schema from validation.ts, loaded on the
 * first check as schemaResolver does.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { AnyObjectSchema, ValidationError } from 'yup';

type Schemas = typeof import('./validation.ts');
/** A text field's value, or a checkbox's (`Box`) whether it is ticked. */
type Values<Name extends string, Box extends Name> = Record<Exclude<Name, Box>, string> & Record<Box, boolean>;
type Errors<Name extends string> = Partial<Record<Name, string>>;

export interface LightForm<Name extends string, Box extends Name> {
  /** The props an input of fields.tsx takes as its `registration`. */
  register(name: Name): UseFormRegisterReturn<Name>;
  /** Sends the form's values to `send` once every field passes. */
  handleSubmit(send: (values: Values<Name, Box>) => Promise<void>): (event: FormEvent) => Promise<void>;
  /** Shows a message under a field (one the server gave), taking the focus there when `focus`. */
  setError(name: Name, message: string, focus?: boolean): void;
  errors: Errors<Name>;
  isSubmitting: boolean;
}

export function useLightForm<Name extends string, Box extends Name = never>(
  names: readonly Name[],
  pick: (schemas: Schemas) => AnyObjectSchema,
): LightForm<Name, Box> {
  const inputs = useRef(new Map<Name, HTMLInputElement>());
  const touched = useRef(new Set<Name>());
  const sent = useRef(false);
  const schema = useRef<Promise<AnyObjectSchema> | null>(null);
  const [errors, setErrors] = useState<Errors<Name>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  const valueOf = (input: HTMLInputElement | undefined) => (input?.type === 'checkbox' ? input.checked : (input?.value ?? ''));
  const values = () => Object.fromEntries(names.map((name) => [name, valueOf(inputs.current.get(name))])) as Values<Name, Box>;

  /** Every field's first message, by field. */
  async function check(): Promise<Errors<Name>> {
    schema.current ??= import('./validation.ts').then(pick);
    try {
      await (await schema.current).validate(values(), { abortEarly: false });
      return {};
    } catch (error) {
      const found: Errors<Name> = {};
      for (const problem of (error as ValidationError).inner) {
        const name = problem.path as Name;
        found[name] ??= problem.message;
      }
      return found;
    }
  }

  /** Shows `name`'s message as it is now, leaving the other fields' as they were. */
  async function checkField(name: Name) {
    const found = await check();
    setErrors((shown) => ({ ...shown, [name]: found[name] }));
  }

  return {
    register(name) {
      return {
        name,
        ref: (input: HTMLInputElement | null) => {
          if (input) inputs.current.set(name, input);
          else inputs.current.delete(name);
        },
        onBlur: async () => {
          touched.current.add(name);
          if (!sent.current) await checkField(name);
        },
        onChange: async () => {
          if (touched.current.has(name)) await checkField(name);
        },
      };
    },
    handleSubmit(send) {
      return async (event) => {
        event.preventDefault();
        sent.current = true;
        for (const name of names) touched.current.add(name);
        const found = await check();
        setErrors(found);
        const first = names.find((name) => found[name]);
        if (first) {
          inputs.current.get(first)?.focus();
          return;
        }
        setSubmitting(true);
        try {
          await send(values());
        } finally {
          setSubmitting(false);
        }
      };
    },
    setError(name, message, focus = false) {
      setErrors((shown) => ({ ...shown, [name]: message }));
      if (focus) inputs.current.get(name)?.focus();
    },
    errors,
    isSubmitting,
  };
}
