/** A change to a member record: staff may change every field, a member only their own profile fields. */
import type { Database } from '../../db/database.ts';
import type { Member, MemberPatch } from '../../schemas/member.ts';
import type { TokenOwner } from '../../lib/tokens.ts';
import { isStaff } from '../../lib/access.ts';
import { notFound } from '../../lib/http-errors.ts';
import { assertPatchFollowsForm, loadMember, MEMBER_WRITABLE, patchRule, pickWritable, STAFF_WRITABLE, updateMember } from './members.ts';
import { assertRegistrationCompletable } from './registration.ts';
import { limitEmailChange } from '../accounts/email-change-limit.ts';
import { recordConsentChanges } from '../privacy/privacy.ts';
import { erasedForChange } from '../privacy/erased.ts';

/**
 * Applies what `account` may write of `body` and answers the member as saved; `ip` counts a member's e-mail changes.
 * An erased member takes no change (409): personal data written back would undo the erasure.
 */
export async function patchMember(db: Database, memberId: number, body: MemberPatch, account: TokenOwner, ip: string): Promise<Member> {
  const staff = isStaff(account);
  const patch = pickWritable(body, staff ? STAFF_WRITABLE : MEMBER_WRITABLE);
  // A member may finish their registration, never undo it.
  if (!staff && patch.registration_completed === 0) delete patch.registration_completed;
  if (!staff && typeof patch.email === 'string') await limitEmailChange(db, memberId, patch.email, ip);
  return db.transaction(async (tx) => {
    const exists = await loadMember(tx, memberId);
    if (!exists) throw notFound();
    if (exists.erased_at) throw erasedForChange();
    assertPatchFollowsForm(patch, patchRule(staff, exists));
    const changes = await updateMember(tx, memberId, patch, account.id);
    await recordConsentChanges(tx, memberId, changes, staff ? 'staff' : exists.registration_completed === 1 ? 'min-side' : 'sign-up', account.id);
    const updated = (await loadMember(tx, memberId))!;
    if (!staff && patch.registration_completed === 1) assertRegistrationCompletable(updated);
    return updated;
  });
}
