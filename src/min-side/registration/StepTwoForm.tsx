/**
 * Step two's two panes in one form: personal info ('Neste') and invoicing ('Godkjenn').
 * Going back and forth keeps every value, and so does a failed save.
 */
import { useForm, useWatch } from 'react-hook-form';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '../router.tsx';
import { api, type Member } from '../api.ts';
import { SelectField, TextField } from '../components/fields.tsx';
import { Card, focusNextHeading } from '../components/Layout.tsx';
import { DateField } from '../components/DateField.tsx';
import { useSession } from '../session.tsx';
import { useTexts } from '../locale.tsx';
import { usePageTexts } from '../pageTexts.ts';
import { useNotify } from '../toasts.tsx';
import { useInstrumentOptions } from '../useInstrumentOptions.ts';
import { usePostalArea } from '../usePostalArea.ts';
import { schemaResolver } from '../schemaResolver.ts';
import { asGender } from '../gender.ts';
import { EMAIL_PATTERN } from '../../../server/schemas/rules.ts';

const resolver = schemaResolver((schemas) => schemas.personalInfoSchema.concat(schemas.invoiceSchema));
const PERSONAL_FIELDS = ['address', 'postal_code', 'postal_area', 'gender', 'phone', 'primary_instrument_type', 'birthdate', 'artist_name'] as const;
const toNumber = (value: unknown) => Number(value);

export function StepTwoForm({ member }: { member: Member }) {
  const texts = useTexts();
  const pages = usePageTexts();
  const { update } = useSession();
  const notify = useNotify();
  const navigate = useNavigate();
  const [pane, setPane] = useState<'personal' | 'invoice'>('personal');
  const paneHeading = useRef<HTMLHeadingElement>(null);
  const { register, handleSubmit, control, trigger, setValue, getValues, formState } = useForm({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      address: member.address ?? '',
      postal_code: member.postal_code ?? '',
      postal_area: member.postal_area ?? '',
      gender: member.gender || 3,
      phone: member.phone ?? '',
      primary_instrument_type: member.primary_instrument_type ?? 1,
      birthdate: member.birthdate ?? '',
      artist_name: member.artist_name ?? '',
      invoice_method: member.invoice_method ?? '',
      invoice_email: member.invoice_email ?? member.email,
    },
  });
  const values = useWatch({ control });
  const instrumentOptions = useInstrumentOptions(member.primary_instrument_type, () =>
    setValue('primary_instrument_type', getValues('primary_instrument_type')),
  );
  usePostalArea(values.postal_code, (area) => setValue('postal_area', area, { shouldValidate: true, shouldDirty: true }));
  const { errors, isSubmitting } = formState;
  const f = texts.fields;

  const filled = (value: unknown) => String(value ?? '').trim() !== '';
  const personalReady =
    filled(values.address) &&
    filled(values.postal_area) &&
    filled(values.postal_code) &&
    Number(values.gender) > 0 &&
    filled(values.phone) &&
    Number(values.primary_instrument_type) > 0;
  const invoiceReady =
    values.invoice_method === 'EFAKTURA' || (values.invoice_method === 'EMAIL' && EMAIL_PATTERN.test(String(values.invoice_email ?? '').trim()));

  const firstPane = useRef(true);
  useLayoutEffect(() => {
    // Moving to the other pane puts keyboard and screen-reader focus on its heading; arriving on the page does not.
    if (firstPane.current) firstPane.current = false;
    else paneHeading.current?.focus();
  }, [pane]);

  const next = async () => {
    if (await trigger(PERSONAL_FIELDS)) setPane('invoice');
  };

  const onSubmit = handleSubmit(async (form) => {
    const answer = await api.updateMember(member.id, {
      address: form.address,
      postal_code: form.postal_code,
      postal_area: form.postal_area,
      gender: asGender(form.gender),
      phone: form.phone,
      primary_instrument_type: form.primary_instrument_type,
      birthdate: form.birthdate || null,
      artist_name: form.artist_name || null,
      invoice_method: form.invoice_method,
      invoice_email: form.invoice_method === 'EMAIL' ? form.invoice_email : null,
      registration_completed: 1,
    });
    if (!answer.ok) {
      notify.error(pages.stepTwo.failed);
      return;
    }
    notify.clear();
    update({ registrationCompleted: 1 });
    notify.success(pages.stepTwo.done);
    focusNextHeading();
    navigate(`/profile/${member.id}`, { replace: true });
  });

  // Enter in the first pane does what 'Neste' does (when it is enabled); only the last pane saves.
  const submitPane = (event: FormEvent<HTMLFormElement>) => {
    if (pane === 'invoice') return onSubmit(event);
    event.preventDefault();
    if (personalReady) void next();
  };

  return (
    <Card>
      <form onSubmit={submitPane} noValidate>
        <div hidden={pane !== 'personal'}>
          <h2 className="card-title" tabIndex={-1} ref={pane === 'personal' ? paneHeading : undefined}>
            {pages.stepTwo.personalPane}
          </h2>
          <TextField label={f.address} autoComplete="address-line1" required registration={register('address')} error={errors.address} />
          <div className="field-row">
            <TextField
              label={f.postalCode}
              autoComplete="postal-code"
              inputMode="numeric"
              required
              registration={register('postal_code')}
              error={errors.postal_code}
            />
            <TextField label={f.postalArea} autoComplete="address-level2" required registration={register('postal_area')} error={errors.postal_area} />
          </div>
          <SelectField label={f.gender} required options={texts.genders} registration={register('gender', { setValueAs: toNumber })} error={errors.gender} />
          <TextField label={f.phone} type="tel" autoComplete="tel" required registration={register('phone')} error={errors.phone} />
          <SelectField
            label={f.primaryInstrument}
            required
            options={instrumentOptions}
            registration={register('primary_instrument_type', { setValueAs: toNumber })}
            error={errors.primary_instrument_type}
          />
          <DateField label={f.birthdate} name="birthdate" control={control} autoComplete="bday" />
          <TextField label={f.artistName} registration={register('artist_name')} error={errors.artist_name} />
          {/* The form's default button while this pane shows, so Enter acts as 'Neste' (see submitPane). */}
          <button type={pane === 'personal' ? 'submit' : 'button'} className="btn btn-primary btn-block" disabled={!personalReady}>
            {pages.stepTwo.next}
          </button>
        </div>
        <div hidden={pane !== 'invoice'}>
          <h2 id="invoice-pane-title" className="card-title" tabIndex={-1} ref={pane === 'invoice' ? paneHeading : undefined}>
            {pages.stepTwo.invoicePane}
          </h2>
          {/* Named by the pane's heading: a legend would say 'Fakturering' a second time. */}
          <fieldset className="field field-radio" aria-labelledby="invoice-pane-title">
            {texts.invoiceMethods.map((option) => (
              <label key={option.value} className="radio-option">
                <input type="radio" value={option.value} {...register('invoice_method')} />
                {option.label}
              </label>
            ))}
          </fieldset>
          {values.invoice_method === 'EMAIL' && (
            <TextField
              label={f.invoiceEmail}
              type="email"
              autoComplete="email"
              required
              registration={register('invoice_email')}
              error={errors.invoice_email}
            />
          )}
          <div className="button-row">
            <button type="button" className="btn btn-secondary" onClick={() => setPane('personal')}>
              {pages.stepTwo.back}
            </button>
            <button type="submit" className="btn btn-primary" disabled={!invoiceReady || isSubmitting}>
              {pages.stepTwo.approve}
            </button>
          </div>
        </div>
      </form>
    </Card>
  );
}
