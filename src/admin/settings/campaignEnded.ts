import type { Campaign } from '../../dataProvider/index.ts';
import { todayIso } from '../../common/format.ts';

/**
 * A code that sign-up no longer takes: ended by staff (status not 1) or past its last day
 * (Norwegian calendar day, as the server checks it). It offers no QR code.
 */
export const campaignEnded = (campaign: Pick<Campaign, 'status' | 'period_end'>, today: string = todayIso()): boolean =>
  campaign.status !== 1 || (campaign.period_end !== null && campaign.period_end < today);
