/** Sends the member card as an SMS to the number the member gives. */
import { api, type Member } from '../api.ts';
import { TextField } from '../components/fields.tsx';
import { Card } from '../components/Layout.tsx';
import { useTexts } from '../locale.tsx';
import { useNotify } from '../toasts.tsx';
import { useLightForm } from '../lightForm.ts';

export function MemberCardForm({ member }: { member: Member }) {
  const texts = useTexts();
  const notify = useNotify();
  const { register, handleSubmit, errors, isSubmitting } = useLightForm({ phone_number: member.phone ?? '' }, (schemas) => schemas.memberCardSchema);

  const onSubmit = handleSubmit(async ({ phone_number }) => {
    const answer = await api.sendCard(member.id, phone_number);
    if (answer.ok) notify.success(texts.memberCard.sent);
    // A refusal (not yet accepted, a number the card may not go to, too many tries) says why; anything else asks the member to get in touch.
    else if (answer.status >= 400 && answer.status < 500) notify.error(answer.message);
    else notify.error(texts.memberCard.failed);
  });

  return (
    <Card title={texts.memberCard.title}>
      <p>{texts.memberCard.intro}</p>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={texts.memberCard.phone}
          type="tel"
          autoComplete="tel"
          placeholder={texts.memberCard.placeholder}
          required
          registration={register('phone_number')}
          error={errors.phone_number}
        />
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {texts.memberCard.submit}
        </button>
      </form>
    </Card>
  );
}
