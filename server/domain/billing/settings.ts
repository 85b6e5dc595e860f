/**
 * The billing days staff set under Innstillinger: days to the due date, to the first and second
 * reminder and to lapse. A day staff have not set falls back to its setting from the environment
 * (config.billing), so an office that changes nothing runs on INVOICE_DUE_DAYS and the rest.
 */
import type { Queryable } from '../../db/database.ts';
import type { Config } from '../../config.ts';
import { validationFailed } from '../../lib/http-errors.ts';
import type { BillingSettings, BillingSettingsPatch } from '../../schemas/billing.ts';

export interface BillingDays {
  invoice_due_days: number;
  reminder_1_days: number;
  reminder_2_days: number;
  lapse_days: number;
}

const FIELDS = ['invoice_due_days', 'reminder_1_days', 'reminder_2_days', 'lapse_days'] as const;
const LIMITS: Record<(typeof FIELDS)[number], [number, number]> = {
  invoice_due_days: [1, 120],
  reminder_1_days: [1, 365],
  reminder_2_days: [1, 365],
  lapse_days: [1, 730],
};

/** The days in force: staff's where set, the environment's otherwise. */
export async function billingDays(db: Queryable, config: Pick<Config, 'billing'>): Promise<BillingDays> {
  const [row] = await db.query<Partial<Record<keyof BillingDays, number | null>>>(
    'SELECT invoice_due_days, reminder_1_days, reminder_2_days, lapse_days FROM billing_settings',
  );
  return {
    invoice_due_days: row?.invoice_due_days ?? config.billing.invoiceDueDays,
    reminder_1_days: row?.reminder_1_days ?? config.billing.reminder1Days,
    reminder_2_days: row?.reminder_2_days ?? config.billing.reminder2Days,
    lapse_days: row?.lapse_days ?? config.billing.lapseDays,
  };
}

export async function billingSettings(db: Queryable, config: Pick<Config, 'billing' | 'tripletex'>): Promise<BillingSettings> {
  return { ...(await billingDays(db, config)), bank_account: config.billing.bankAccount, tripletex: config.tripletex !== null };
}

/**
 * Changes the days given; each must be within its limits, and the reminders and lapse must come
 * in order (first reminder < second reminder < lapse), as the environment's settings must.
 */
export async function updateBillingSettings(
  db: Queryable,
  config: Pick<Config, 'billing' | 'tripletex'>,
  patch: BillingSettingsPatch,
  staffId: number,
): Promise<BillingSettings> {
  const next = { ...(await billingDays(db, config)), ...patch } as BillingDays;
  const errors: Record<string, string[]> = {};
  for (const field of FIELDS) {
    const [min, max] = LIMITS[field];
    if (!Number.isInteger(next[field]) || next[field] < min || next[field] > max) errors[field] = [`Må være et helt antall dager fra ${min} til ${max}.`];
  }
  if (!errors.reminder_2_days && !errors.reminder_1_days && next.reminder_2_days <= next.reminder_1_days) {
    errors.reminder_2_days = ['Andre purring må komme flere dager etter forfall enn første purring.'];
  }
  if (!errors.lapse_days && !errors.reminder_2_days && next.lapse_days <= next.reminder_2_days) {
    errors.lapse_days = ['Utmelding må komme flere dager etter forfall enn andre purring.'];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  await db.query(
    `UPDATE billing_settings SET invoice_due_days = $1, reminder_1_days = $2, reminder_2_days = $3, lapse_days = $4,
            updated_at = now(), updated_by = $5`,
    [next.invoice_due_days, next.reminder_1_days, next.reminder_2_days, next.lapse_days, staffId],
  );
  return billingSettings(db, config);
}
