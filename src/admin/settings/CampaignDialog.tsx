/** A campaign's create and edit dialog on '/settings/promo-code', loaded when it opens. */
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { Form, required, SelectInput, TextInput, useCreate, useGetList, useTranslate, useUpdate } from 'react-admin';
import type { Campaign } from '../../dataProvider/index.ts';
import { RULE_MESSAGES } from '../../../server/schemas/rules.ts';
import { DateInput } from '../dates/DateInput.tsx';
import { useToast } from '../toast.tsx';
import { DialogSaveActions } from '../forms/DialogSaveActions.tsx';
import { fieldErrorsOf } from '../../dataProvider/errors.ts';
import { campaignEnded } from './campaignEnded.ts';
import '../../i18n/app/settings-pages-nb.ts';
import '../../i18n/app/requests-pages-nb.ts';

const fillIn = required(RULE_MESSAGES.fillIn);
const DEFAULTS = { product_category_id: 1, benefit_id: 0, status: 1 };

/** The create modal asks for every field; the edit modal for name, code and start (the spec's two forms). */
export default function CampaignDialog({ campaign, onClose }: { campaign: Campaign | null; onClose: () => void }) {
  const translate = useTranslate();
  const toast = useToast();
  // react-admin reads the campaign list again after a create and puts an edited code in it in place.
  const [create] = useCreate<Campaign>();
  const [update] = useUpdate<Campaign>();
  const creating = campaign === null;

  async function save(values: Partial<Campaign>) {
    const data: Partial<Campaign> = creating
      ? { ...DEFAULTS, ...values, period_end: values.period_end || null }
      : { name: values.name, code: values.code, period_start: values.period_start, status: 1 };
    try {
      if (creating) await create('campaigns', { data }, { returnPromise: true });
      else await update('campaigns', { id: campaign.id, data, previousData: campaign }, { returnPromise: true });
      toast.success(creating ? 'app.settings.campaigns.created' : 'app.settings.campaigns.updated');
      onClose();
      return undefined;
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (!errors) toast.error('app.errors.generic_bang');
      return errors;
    }
  }

  return (
    <Dialog open onClose={onClose} aria-labelledby="campaign-title" fullWidth maxWidth="sm">
      <DialogTitle id="campaign-title">
        {translate(creating ? 'app.settings.campaigns.create_title' : 'app.settings.campaigns.edit_title')}
        {!creating && campaignEnded(campaign) && (
          <Chip size="small" sx={{ ml: 1.5, verticalAlign: 'middle' }} label={translate('app.staff_review.campaign_ended_no_qr')} />
        )}
      </DialogTitle>
      <Form record={campaign ?? DEFAULTS} onSubmit={save}>
        <DialogContent sx={{ pt: 0 }}>
          <TextInput source="name" validate={fillIn} fullWidth />
          <TextInput source="code" validate={fillIn} fullWidth />
          <DateInput source="period_start" validate={fillIn} isRequired />
          {creating && (
            <>
              <DateInput source="period_end" />
              <ReferenceSelect resource="product-categories" source="product_category_id" optionText="title" />
              <ReferenceSelect resource="benefits" source="benefit_id" optionText="text" />
            </>
          )}
        </DialogContent>
        <DialogSaveActions onClose={onClose} />
      </Form>
    </Dialog>
  );
}

/** A select over a small reference list (product categories, benefits). */
function ReferenceSelect({ resource, source, optionText }: { resource: string; source: string; optionText: string }) {
  const { data = [], isPending } = useGetList(resource, {});
  return <SelectInput source={source} choices={data} optionText={optionText} validate={fillIn} isPending={isPending} fullWidth />;
}
