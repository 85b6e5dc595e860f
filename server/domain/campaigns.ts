/** Campaign codes as members use them: finding an active one and attaching it to a member. */
import type { Database, Queryable } from '../db/database.ts';

export interface CampaignRef {
  id: number;
  name: string;
  code: string;
}

// Campaign periods are Norwegian calendar days, whatever zone the database session runs in.
const TODAY = "(now() AT TIME ZONE 'Europe/Oslo')::date";

/**
 * The campaign with this code (any letter case) when it is active: status 1 and today within
 * its period; a campaign without an end date runs until it is ended.
 */
export async function findActiveCampaign(db: Queryable, code: string): Promise<CampaignRef | null> {
  const trimmed = code.trim();
  if (trimmed === '') return null;
  const [campaign] = await db.query<CampaignRef>(
    `SELECT id, name, code FROM campaigns
      WHERE lower(code) = lower($1) AND status = 1
        AND period_start <= ${TODAY} AND (period_end IS NULL OR period_end >= ${TODAY})`,
    [trimmed],
  );
  return campaign ?? null;
}

/** Attaches the campaign to the member and records the change with who made it. */
async function attachCampaign(
  db: Queryable,
  memberId: number,
  campaign: CampaignRef,
  changedBy: number,
): Promise<void> {
  const [before] = await db.query<{ code: string | null }>(
    `SELECT c.code FROM accounts a LEFT JOIN campaigns c ON c.id = a.campaign_id WHERE a.id = $1 FOR UPDATE OF a`,
    [memberId],
  );
  await db.query('UPDATE accounts SET campaign_id = $2, updated_at = now() WHERE id = $1', [memberId, campaign.id]);
  if (before?.code === campaign.code) return;
  await db.query('INSERT INTO member_changes (member_id, changed_by, changes) VALUES ($1, $2, $3)', [
    memberId,
    changedBy,
    JSON.stringify({ campaign_code: [before?.code ?? null, campaign.code] }),
  ]);
}

/** A member adds a campaign code: the active campaign with that code, attached; null for no such campaign. */
export async function addCampaignCode(db: Database, memberId: number, code: string, changedBy: number): Promise<CampaignRef | null> {
  const campaign = await findActiveCampaign(db, code);
  if (!campaign) return null;
  await db.transaction((tx) => attachCampaign(tx, memberId, campaign, changedBy));
  return campaign;
}
