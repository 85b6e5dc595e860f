/** Sign-up step one as the register form sends it: checked field by field, then the applicant created. */
import type { Database } from '../../db/database.ts';
import type { Registration } from '../../schemas/auth.ts';
import { FORM_RULES, requiredErrors, RULE_MESSAGES } from '../../schemas/rules.ts';
import { validationFailed, type HttpError } from '../../lib/http-errors.ts';
import { passwordErrors } from '../accounts/accounts.ts';
import { checkTypedCampaignCode } from '../settings/campaigns.ts';
import { isEmailConflict, isEmailTaken } from '../accounts/account-email.ts';
import { minSideAddress, sendTemplate } from '../messages/messages.ts';
import type { Outbox } from '../messages/outbox.ts';
import { createApplicant } from './registration.ts';
import { ACCOUNT_MESSAGES } from '../accounts/account-texts.ts';

const EMAIL_TAKEN = ACCOUNT_MESSAGES.emailRegistered;
const UNKNOWN_CAMPAIGN = RULE_MESSAGES.campaignCode;

/** The register client reads errors from `data.error`, other clients from `errors`. */
export const refuseSignUp = (errors: Record<string, string[]>): HttpError => validationFailed(errors, { data: { error: errors } });

/** Creates the applicant with a pending membership, or refuses with every field error at once. */
export async function signUp(
  db: Database,
  outbox: Outbox,
  body: Registration,
  ip: string,
  publicUrl: string,
): Promise<{ id: number; possibleDuplicateOf: number | null }> {
  const errors = { ...requiredErrors(FORM_RULES.registration, body), ...passwordErrors(body.password, body.password_confirmation) };
  if (await isEmailTaken(db, body.email)) errors.email = [EMAIL_TAKEN];
  const code = body.campaign_code?.trim() ?? '';
  const campaign = code === '' ? null : await checkTypedCampaignCode(db, code, { ip });
  if (code !== '' && !campaign) errors.campaign_code = [UNKNOWN_CAMPAIGN];
  if (Object.keys(errors).length > 0) throw refuseSignUp(errors);
  try {
    // The receipt is queued with the application: both are saved, or neither.
    return await db.transaction(async (tx) => {
      const created = await createApplicant(tx, {
        ...body,
        is_previous_member: body.is_previous_member === true || body.is_previous_member === 1,
        campaignId: campaign?.id ?? null,
      });
      await sendTemplate(
        tx,
        outbox,
        'registration-received',
        {
          id: created.id,
          email: body.email.trim(),
          first_name: body.first_name.trim(),
          last_name: body.last_name.trim(),
        },
        { minSide: minSideAddress(publicUrl) },
      );
      return created;
    });
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if (isEmailConflict(error)) throw refuseSignUp({ email: [EMAIL_TAKEN] });
    throw error;
  }
}
