/** Adds a campaign code; once the member has one, offers the member card by SMS. */
import { api, fieldError, type Member } from '../api.ts';
import { TextField } from '../components/fields.tsx';
import { Card } from '../components/Layout.tsx';
import { useTexts } from '../locale.tsx';
import { useNotify } from '../toasts.tsx';
import { useLightForm } from '../lightForm.ts';
import { MemberCardForm } from './MemberCardForm.tsx';

export function CampaignCodeCard({ member, onAdded }: { member: Member; onAdded: (code: string) => void }) {
  const texts = useTexts();
  const notify = useNotify();
  const { register, handleSubmit, setError, errors, isSubmitting } = useLightForm({ campaign_code: '' }, (schemas) => schemas.campaignCodeSchema);

  const onSubmit = handleSubmit(async ({ campaign_code }) => {
    const answer = await api.addCode(member.id, campaign_code);
    if (!answer.ok || !answer.data.success) {
      const message = (!answer.ok && fieldError(answer.body, 'campaign_code')) || texts.campaign.failed;
      setError('campaign_code', message, true);
      notify.error(message);
      return;
    }
    notify.success(texts.campaign.added);
    onAdded(answer.data.data.campaign_code);
  });

  return (
    <div className="side-column">
      <Card title={texts.campaign.title}>
        {member.campaign_code ? (
          <p>
            {texts.campaign.current}: <strong className="code">{member.campaign_code}</strong>
          </p>
        ) : (
          <>
            <p>{texts.campaign.intro}</p>
            <form onSubmit={onSubmit} noValidate>
              <TextField label={texts.fields.campaignCode} required registration={register('campaign_code')} error={errors.campaign_code} />
              <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
                {texts.campaign.add}
              </button>
            </form>
          </>
        )}
      </Card>
      {member.campaign_code && <MemberCardForm member={member} />}
    </div>
  );
}
