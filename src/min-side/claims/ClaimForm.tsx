/**
 * The claim form, phone first: what happened, when, where (in Norway or abroad, and the country),
 * a description, the police report number for a theft, the instrument's documents attached (all
 * ticked), and more photos. Rules are checked before sending; the server's own refusal stands
 * where it belongs, and nothing typed is lost.
 */
import { useEffect, useState } from 'react';
import { useFocusWhen } from '../useFocus.ts';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from '../router.tsx';
import { DateField } from '../components/DateField.tsx';
import { RadioGroup, SelectField, TextAreaField, TextField } from '../components/fields.tsx';
import type { InstrumentDocument } from '../documents/api.ts';
import type { Instrument } from '../instruments/api.ts';
import { lazyResolver } from '../lazyResolver.ts';
import { useFormats, useShownLocale } from '../locale.tsx';
import { claimApi, claimPaths, type ClaimKind } from './api.ts';
import { AttachmentList } from './AttachmentList.tsx';
import { ClaimPhotos } from './ClaimPhotos.tsx';
import { foreignCountries, NORWAY } from './countries.ts';
import type { ClaimContext } from './schema.ts';
import { useClaimTexts, type ClaimError } from './texts.ts';

export interface ClaimValues {
  kind: '' | ClaimKind;
  occurred_on: string;
  place: string;
  abroad: '' | 'no' | 'yes';
  country: string;
  description: string;
  police_report: string;
  document_ids: string[];
}

/** The fields in the order shown: the focus goes to the first to fix. */
const FIELDS = ['kind', 'occurred_on', 'place', 'abroad', 'country', 'description', 'police_report'] as const;
/** The fields the server names in its refusals (the body's names), in the same order. */
const SENT_FIELDS = ['kind', 'occurred_on', 'place', 'country', 'description', 'police_report'] as const;
const resolver = lazyResolver<ClaimValues, ClaimContext>(() => import('./schema.ts').then((schemas) => schemas.claimSchema));

/** `documents` null: they could not be read, and the server attaches all of them. */
export function ClaimForm({ memberId, instrument, documents: initial }: { memberId: number; instrument: Instrument; documents: InstrumentDocument[] | null }) {
  const t = useClaimTexts();
  const format = useFormats();
  const locale = useShownLocale();
  const navigate = useNavigate();
  const [documents, setDocuments] = useState(initial ?? []);
  // A new object each time, so the same refusal twice still takes the focus again.
  const [problem, setProblem] = useState<{ message: string } | null>(null);
  const problemRef = useFocusWhen<HTMLDivElement>(problem);
  const name = `${instrument.make} ${instrument.model}`;
  const { register, control, handleSubmit, setError, setFocus, setValue, getValues, trigger, formState } = useForm<ClaimValues, ClaimContext>({
    resolver,
    context: { insuranceStart: instrument.insurance_start },
    mode: 'onTouched',
    shouldFocusError: false,
    defaultValues: {
      kind: '',
      occurred_on: '',
      place: '',
      abroad: 'no',
      country: '',
      description: '',
      police_report: '',
      document_ids: (initial ?? []).map((document) => String(document.id)),
    },
  });
  const { errors, isSubmitting } = formState;
  const kind = useWatch({ control, name: 'kind' });
  const abroad = useWatch({ control, name: 'abroad' });
  // Whether a police report is needed follows what happened: a message about it is checked again when that changes.
  const policeError = Boolean(errors.police_report);
  useEffect(() => {
    if (policeError) void trigger('police_report');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind]);

  const say = (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    if (message === 'dateBeforeStart') return t.beforeStart(format.date(instrument.insurance_start));
    return message in t.errors ? t.errors[message as ClaimError] : message;
  };

  const onSubmit = handleSubmit(
    async (values) => {
      setProblem(null);
      const police = values.police_report.trim();
      const answer = await claimApi.create({
        instrument_id: instrument.id,
        kind: values.kind as ClaimKind,
        occurred_on: values.occurred_on,
        place: values.place.trim(),
        country: values.abroad === 'yes' ? values.country : NORWAY,
        description: values.description.trim(),
        ...(police ? { police_report: police } : {}),
        ...(initial ? { document_ids: values.document_ids.map(Number) } : {}),
      });
      if (answer.ok) {
        navigate(claimPaths.one(memberId, answer.data.data.id), { state: { claim: answer.data.data, sent: true } });
        return;
      }
      // A field's message goes under it; one about the claim as a whole (the instrument no longer insured, an open
      // claim already, a document) at the top of the form, which then takes the focus.
      const errors = answer.body?.errors ?? {};
      const elsewhere = Object.entries(errors)
        .filter(([field]) => !(SENT_FIELDS as readonly string[]).includes(field))
        .map(([, messages]) => messages[0]);
      let placed = false;
      for (const field of SENT_FIELDS) {
        const message = errors[field]?.[0];
        if (!message) continue;
        setError(field, { type: 'server', message }, { shouldFocus: !placed && elsewhere.length === 0 });
        placed = true;
      }
      if (!placed || elsewhere.length > 0) setProblem({ message: elsewhere.filter(Boolean).join(' ') || answer.message });
    },
    (invalid) => {
      const first = FIELDS.find((field) => invalid[field]);
      if (first) setFocus(first);
    },
  );

  const kinds = (['theft', 'damage', 'loss'] as const).map((value) => ({ value, label: t.form.kinds[value] }));
  const where = [
    { value: 'no', label: t.form.norway },
    { value: 'yes', label: t.form.abroad },
  ];
  const countries = [{ value: '', label: t.form.chooseCountry }, ...foreignCountries(locale)];

  return (
    <form className="claim-form" onSubmit={onSubmit} noValidate aria-labelledby="claim-form-title">
      <h2 id="claim-form-title" className="card-title">
        {t.form.title}
      </h2>
      {problem && (
        <div ref={problemRef} className="notice notice-error" role="alert" tabIndex={-1}>
          <p>{t.form.failed}</p>
          <p>{problem.message}</p>
        </div>
      )}
      <RadioGroup legend={t.form.kind} options={kinds} registration={register('kind')} error={say(errors.kind?.message)} />
      <DateField label={t.form.occurredOn} name="occurred_on" control={control} error={say(errors.occurred_on?.message)} />
      <TextField label={t.form.place} required hint={t.form.placeHint} registration={register('place')} error={say(errors.place?.message)} maxLength={200} />
      <RadioGroup legend={t.form.where} options={where} registration={register('abroad')} error={say(errors.abroad?.message)} />
      {abroad === 'yes' && (
        <SelectField label={t.form.country} required options={countries} registration={register('country')} error={say(errors.country?.message)} />
      )}
      <TextAreaField
        label={t.form.description}
        required
        hint={t.form.descriptionHint}
        rows={6}
        maxLength={5000}
        registration={register('description')}
        error={say(errors.description?.message)}
      />
      <TextField
        label={t.form.police}
        required={kind === 'theft'}
        hint={kind === 'theft' ? t.form.policeHint : t.form.policeHintOther}
        registration={register('police_report')}
        error={say(errors.police_report?.message)}
        maxLength={60}
      />
      <AttachmentList documents={documents} known={initial !== null} registration={register('document_ids')} />
      <ClaimPhotos
        instrumentId={instrument.id}
        instrumentName={name}
        onUploaded={(document) => {
          setDocuments((shown) => [...shown, document]);
          setValue('document_ids', [...getValues('document_ids'), String(document.id)]);
        }}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {isSubmitting ? t.form.sending : t.form.submit}
      </button>
    </form>
  );
}
