/**
 * A draft's form: the group (with how many it holds now), the kind, the channel, the subject and
 * rich-text body for e-mail, the SMS text with its parts, and when it goes. Saving sends what the
 * channel uses; the server's field messages show under their fields and what was typed stays.
 */
import { lazy, Suspense, useEffect } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import { useFormState, useWatch } from 'react-hook-form';
import {
  Form,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  useCreate,
  useGetList,
  useTranslate,
  useUpdate,
  type HttpError,
  type Validator,
} from 'react-admin';
import type { Outreach, OutreachBody, Segment } from '../../dataProvider/index.ts';
import { fieldErrorsOf } from '../../dataProvider/errors.ts';
import { RULE_MESSAGES } from '../../../server/schemas/rules.ts';
import { RichTextOnUse } from '../forms/RichTextOnUse.tsx';
import { useToast } from '../toast.tsx';
import { CHANNELS, formatCount, hasEmail, hasSms, KINDS, useKindNames } from './sendText.tsx';
import { SmsCounter } from './SmsCounter.tsx';
import { useReadAgain } from '../readAgain.ts';
import '../../i18n/app/sends-pages-nb.ts';

// The picker (MUI X and date-fns) loads when staff choose to schedule, not with the form.
const SendAtInput = lazy(() => import('./SendAtInput.tsx'));

/** The member's fields a send may fill in (the server fills these two and names any other 'Ukjent flettefelt'). */
export const SEND_PLACEHOLDERS = ['first_name', 'last_name'] as const;

interface Values {
  segment_id?: number | null;
  kind?: Outreach['kind'];
  channel?: Outreach['channel'];
  subject?: string;
  body?: string;
  sms_text?: string | null;
  timing?: 'now' | 'later';
  send_at?: string | null;
}

const fillIn =
  (when: (values: Values) => boolean): Validator =>
  (value: unknown, values: Values) =>
    when(values) && (value === null || value === undefined || String(value).trim() === '' || value === '<p></p>') ? RULE_MESSAGES.fillIn : undefined;
const always = fillIn(() => true);
const forEmail = fillIn((values) => hasEmail(values.channel));
const forSms = fillIn((values) => hasSms(values.channel));

/** The groups to choose from, read once for the form (the form waits for them: see SendForm). */
const GROUPS = { pagination: { page: 1, perPage: 1000 } };

function GroupInput() {
  const translate = useTranslate();
  const { data = [], isPending } = useGetList<Segment>('segments', GROUPS);
  const chosen = useWatch({ name: 'segment_id' }) as number | null | undefined;
  const group = data.find((segment) => segment.id === chosen);
  return (
    <>
      <SelectInput
        source="segment_id"
        label="app.sends.fields.segment_id"
        choices={data.map((segment) => ({
          id: segment.id,
          name: translate('app.sends.segment_option', { name: segment.name, count: formatCount(segment.count) }),
        }))}
        translateChoice={false}
        validate={always}
        isPending={isPending}
        parse={(value: unknown) => (value === '' || value === null ? null : Number(value))}
        helperText={group ? translate('app.sends.segment_count', { smart_count: group.count, count: formatCount(group.count) }) : false}
        sx={{ minWidth: { sm: 360 } }}
      />
      {!isPending && data.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('app.sends.no_segments')}
        </Alert>
      )}
    </>
  );
}

function KindInput() {
  const translate = useTranslate();
  const names = useKindNames();
  const kind = useWatch({ name: 'kind' }) as string | undefined;
  return (
    <>
      <RadioButtonGroupInput
        source="kind"
        label="app.sends.fields.kind"
        choices={KINDS.map((id) => ({ id, name: names[id] }))}
        translateChoice={false}
        validate={always}
        row={false}
        helperText={false}
      />
      {kind === 'required' && <FormHelperText sx={{ mt: -1, mb: 2, mx: 0, maxWidth: '70ch' }}>{translate('app.sends.required_note')}</FormHelperText>}
    </>
  );
}

function MessageInputs() {
  const translate = useTranslate();
  const channel = useWatch({ name: 'channel' }) as string | undefined;
  const timing = useWatch({ name: 'timing' }) as string | undefined;
  return (
    <>
      <TextInput source="subject" label="app.sends.fields.subject" validate={forEmail} fullWidth />
      {hasEmail(channel) && (
        // The editor loads when the field is first used (its stand-in looks the same and keeps what is typed).
        <RichTextOnUse source="body" label="app.sends.fields.body" validate={forEmail} placeholders={SEND_PLACEHOLDERS} minHeight={240} />
      )}
      {hasSms(channel) && (
        <>
          <TextInput
            source="sms_text"
            id="send-sms-text"
            label="app.sends.fields.sms_text"
            validate={forSms}
            multiline
            minRows={3}
            fullWidth
            helperText={translate('app.sends.sms_placeholders', { names: SEND_PLACEHOLDERS.map((name) => `{${name}}`).join(', ') })}
            // The field is described by its help and by the live count of characters and parts.
            slotProps={{ htmlInput: { 'aria-describedby': 'send-sms-text-helper-text sms-count' } }}
          />
          <SmsCounter id="sms-count" />
          <FormHelperText sx={{ mt: -1.5, mb: 2, mx: 1.75 }}>{translate('app.sends.sms.stop_note')}</FormHelperText>
        </>
      )}
      <RadioButtonGroupInput
        source="timing"
        label="app.sends.fields.timing"
        choices={[
          { id: 'now', name: 'app.sends.timing.now' },
          { id: 'later', name: 'app.sends.timing.later' },
        ]}
        helperText={timing === 'now' ? 'app.sends.timing_now_note' : false}
      />
      {timing === 'later' && (
        <Suspense fallback={null}>
          <SendAtInput source="send_at" label="app.sends.fields.send_at" />
        </Suspense>
      )}
    </>
  );
}

/** Tells the page whether the form holds changes not saved (a draft is sent and tested as saved). */
function DirtyWatch({ onDirty }: { onDirty?: (dirty: boolean) => void }) {
  const { isDirty } = useFormState();
  useEffect(() => onDirty?.(isDirty), [isDirty, onDirty]);
  return null;
}

function SaveButtons() {
  const translate = useTranslate();
  const { isDirty, isSubmitting } = useFormState();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
      <Button component={RouterLink} to="/sends" disabled={isSubmitting}>
        {translate('app.cancel')}
      </Button>
      <Button type="submit" variant="contained" disabled={!isDirty || isSubmitting}>
        {translate('app.sends.save_draft')}
      </Button>
    </Box>
  );
}

function recordOf(send: Outreach | null): Values {
  if (!send) return { segment_id: null, kind: 'required', channel: 'email', subject: '', body: '', sms_text: '', timing: 'now', send_at: null };
  return {
    segment_id: send.segment_id,
    kind: send.kind,
    channel: send.channel,
    subject: send.subject,
    body: send.body,
    sms_text: send.sms_text ?? '',
    timing: send.send_at ? 'later' : 'now',
    send_at: send.send_at,
  };
}

function bodyOf(values: Values): OutreachBody {
  return {
    segment_id: Number(values.segment_id),
    kind: values.kind ?? 'required',
    channel: values.channel ?? 'email',
    subject: (values.subject ?? '').trim(),
    body: hasEmail(values.channel) ? (values.body ?? '') : '',
    sms_text: hasSms(values.channel) ? (values.sms_text ?? '') : null,
    send_at: values.timing === 'later' ? (values.send_at ?? null) : null,
  };
}

export function SendForm({ send, onDirty }: { send: Outreach | null; onDirty?: (dirty: boolean) => void }) {
  const toast = useToast();
  const navigate = useNavigate();
  const readAgain = useReadAgain();
  const [create] = useCreate<Outreach>();
  const [update] = useUpdate<Outreach>();
  const creating = send === null;
  // A new send's form comes with its groups, so a note that there are none yet does not push the
  // fields down (a draft's page has its preview beside or below the form, which must not move).
  const { isPending: groupsPending } = useGetList<Segment>('segments', GROUPS);

  async function save(values: Values) {
    const data = bodyOf(values);
    try {
      if (creating) {
        const made = (await create('outreaches', { data }, { returnPromise: true })) as Outreach;
        toast.success('app.sends.created');
        navigate(`/sends/${made.id}`);
      } else {
        await update('outreaches', { id: send.id, data, previousData: send }, { returnPromise: true });
        toast.success('app.sends.updated');
        // The preview shows the send as saved: draw it again from what was just saved.
        await readAgain();
      }
      return undefined;
    } catch (error) {
      const errors = fieldErrorsOf(error);
      toast.error(errors ? 'app.sends.invalid' : (error as HttpError).message || 'app.errors.generic_bang');
      return errors;
    }
  }

  if (creating && groupsPending) return null;
  return (
    <Paper sx={{ p: 2, minWidth: 0 }}>
      <Form record={recordOf(send)} onSubmit={save} mode="onChange" reValidateMode="onChange">
        <GroupInput />
        <KindInput />
        <RadioButtonGroupInput
          source="channel"
          label="app.sends.fields.channel"
          choices={CHANNELS.map((id) => ({ id, name: `app.sends.channel.${id}` }))}
          validate={always}
          row={false}
          helperText={false}
        />
        <MessageInputs />
        <SaveButtons />
        <DirtyWatch onDirty={onDirty} />
      </Form>
    </Paper>
  );
}
