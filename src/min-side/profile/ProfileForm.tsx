/** The member's own details; 'Lagre' is enabled only when something changed and all is valid. */
import { useId } from 'react';
import { api, type Member } from '../api.ts';
import { SelectField, TextField } from '../components/fields.tsx';
import { Card } from '../components/Layout.tsx';
import { DateInput } from '../components/DateInput.tsx';
import { useSession } from '../session.tsx';
import { useTexts } from '../locale.tsx';
import type { MinSideTexts } from '../texts.ts';
import { useNotify } from '../toasts.tsx';
import { useInstrumentOptions } from '../useInstrumentOptions.ts';
import { usePostalArea } from '../usePostalArea.ts';
import { asGender } from '../gender.ts';
import { useLightForm } from '../lightForm.ts';

function formValues(member: Member) {
  return {
    first_name: member.first_name,
    last_name: member.last_name,
    email: member.email,
    phone: member.phone ?? '',
    address: member.address ?? '',
    postal_code: member.postal_code ?? '',
    postal_area: member.postal_area ?? '',
    birthdate: member.birthdate ?? '',
    gender: member.gender || 3,
    artist_name: member.artist_name ?? '',
    primary_instrument_type: member.primary_instrument_type,
    invoice_method: member.invoice_method ?? '',
    invoice_email: member.invoice_email ?? '',
  };
}

function invoiceOptions(texts: MinSideTexts, current: string | null) {
  const options: { value: string; label: string }[] = [{ value: '', label: texts.chooseInvoiceMethod }, ...texts.invoiceMethods];
  // The spec keeps any other existing method selectable rather than silently changing it.
  if (current && !options.some((option) => option.value === current)) options.push({ value: current, label: current });
  return options;
}

type ProfileField = keyof ReturnType<typeof formValues>;

/** Whether the form shows the field, so a server message can be put under it. */
function isShown(field: string, invoiceMethod: string): field is ProfileField {
  if (field === 'invoice_email') return invoiceMethod === 'EMAIL';
  return field in formValues({} as Member);
}

export function ProfileForm({ member, onSaved }: { member: Member; onSaved: (member: Member) => void }) {
  const texts = useTexts();
  const { update } = useSession();
  const notify = useNotify();
  const form = useLightForm(formValues(member), (schemas) => schemas.profileSchema);
  const { register, handleSubmit, reset, setError, setValue, watch, errors, isDirty, isValid, isSubmitting } = form;
  const method = watch('invoice_method');
  const postalCode = watch('postal_code');
  usePostalArea(postalCode, (area) => {
    if (postalCode !== (member.postal_code ?? '')) setValue('postal_area', area, true);
  });
  const instrumentOptions = useInstrumentOptions(member.primary_instrument_type, () => setValue('primary_instrument_type', watch('primary_instrument_type')));
  const f = texts.fields;
  const saveHintId = useId();
  const noInvoiceMethod = isDirty && !method;

  const onSubmit = handleSubmit(async (values) => {
    const { invoice_email: invoiceEmail, ...shown } = values;
    // A hidden field is not sent: the invoice e-mail only goes with invoicing by e-mail.
    const answer = await api.updateMember(member.id, {
      ...shown,
      ...(values.invoice_method === 'EMAIL' ? { invoice_email: invoiceEmail } : {}),
      gender: asGender(values.gender),
      birthdate: values.birthdate || null,
      artist_name: values.artist_name || null,
    });
    if (!answer.ok) {
      if (answer.status !== 422) {
        // The spec's 'Noe gikk galt' (it stays until closed), with whom to contact when the server failed.
        notify.error(answer.status >= 500 || answer.status === 0 ? `${texts.profile.saveFailed}. ${texts.contactSentence}` : texts.profile.saveFailed);
        return;
      }
      const unplaced: string[] = [];
      let placed = false;
      for (const [field, messages] of Object.entries(answer.body?.errors ?? {})) {
        const message = messages[0];
        if (!message) continue;
        if (isShown(field, values.invoice_method)) {
          setError(field, message, !placed);
          placed = true;
        } else unplaced.push(message);
      }
      notify.error(unplaced.length > 0 ? `${texts.profile.saveFailed}: ${unplaced.join(' ')}` : texts.profile.checkFields);
      return;
    }
    // An answer that carries a server error flag saved nothing: the member is told to contact us.
    const flagged = (answer.data as { error?: unknown }).error;
    if (flagged || !answer.data.data) {
      notify.error(texts.profile.serverFailed);
      return;
    }
    const saved = answer.data.data;
    reset(formValues(saved));
    update({ firstName: saved.first_name, lastName: saved.last_name });
    notify.success(texts.profile.saved);
    onSaved(saved);
  });

  return (
    <Card title={texts.profile.formTitle} className="profile-form">
      {/* Asking for validity runs the schema, which loads yup: so it is asked from the member's first
          focus in the form (nothing can change before it), not with the page. */}
      <form onSubmit={onSubmit} onFocus={form.trackValidity} noValidate>
        <div className="field-row">
          <TextField label={f.firstName} autoComplete="given-name" required registration={register('first_name')} error={errors.first_name} />
          <TextField label={f.lastName} autoComplete="family-name" required registration={register('last_name')} error={errors.last_name} />
        </div>
        <div className="field-row">
          <TextField label={f.email} type="email" autoComplete="email" required registration={register('email')} error={errors.email} />
          <TextField label={f.phone} type="tel" autoComplete="tel" required registration={register('phone')} error={errors.phone} />
        </div>
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
        <div className="field-row">
          <DateInput label={f.birthdate} field={form.field('birthdate')} autoComplete="bday" />
          <SelectField label={f.gender} required options={texts.genders} registration={register('gender')} error={errors.gender} />
        </div>
        <div className="field-row">
          <TextField label={f.artistName} registration={register('artist_name')} error={errors.artist_name} />
          <SelectField
            label={f.primaryInstrument}
            options={instrumentOptions}
            registration={register('primary_instrument_type')}
            error={errors.primary_instrument_type}
          />
        </div>
        <div className="field-row">
          <SelectField
            label={f.invoiceMethod}
            required
            options={invoiceOptions(texts, member.invoice_method)}
            registration={register('invoice_method')}
            error={errors.invoice_method}
          />
          {method === 'EMAIL' && (
            <TextField
              label={f.invoiceEmail}
              type="email"
              autoComplete="email"
              required
              registration={register('invoice_email')}
              error={errors.invoice_email}
            />
          )}
        </div>
        <button
          type="submit"
          className="btn btn-primary"
          disabled={!isDirty || !isValid || isSubmitting}
          aria-describedby={noInvoiceMethod ? saveHintId : undefined}
        >
          {texts.profile.save}
        </button>
        {/* Why 'Lagre' is off, at once: the field's own message waits until the member leaves it. */}
        {noInvoiceMethod && (
          <p id={saveHintId} className="field-hint">
            {texts.profile.invoiceMethodMissing}
          </p>
        )}
      </form>
    </Card>
  );
}
