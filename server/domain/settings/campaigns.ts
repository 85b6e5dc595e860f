/** Campaign codes as members use them: finding an active one and attaching it to a member. */
import type { Database, Queryable } from '../../db/database.ts';
import { reserve } from '../../lib/rate-limit.ts';

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

const CODE_CHECKS_WINDOW_SECONDS = 10 * 60;
const CODE_CHECKS_PER_MEMBER = 10;
const CODE_CHECKS_PER_IP = 20;

/**
 * findActiveCampaign for a code someone typed: every check counts, per address and per member
 * (when signed in), before the lookup, so codes cannot be guessed by trying many in parallel.
 */
export async function checkTypedCampaignCode(db: Queryable, code: string, who: { ip: string; memberId?: number }): Promise<CampaignRef | null> {
  await reserve(db, `campaign-code:ip:${who.ip}`, CODE_CHECKS_WINDOW_SECONDS, CODE_CHECKS_PER_IP);
  if (who.memberId !== undefined) {
    await reserve(db, `campaign-code:member:${who.memberId}`, CODE_CHECKS_WINDOW_SECONDS, CODE_CHECKS_PER_MEMBER);
  }
  return findActiveCampaign(db, code);
}

/** Attaches the campaign to the member and records the change with who made it. */
async function attachCampaign(db: Queryable, memberId: number, campaign: CampaignRef, changedBy: number): Promise<void> {
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
export async function addCampaignCode(db: Database, memberId: number, code: string, who: { changedBy: number; ip: string }): Promise<CampaignRef | null> {
  const campaign = await checkTypedCampaignCode(db, code, { ip: who.ip, memberId });
  if (!campaign) return null;
  await db.transaction((tx) => attachCampaign(tx, memberId, campaign, who.changedBy));
  return campaign;
}
