/** Where the membership application stands (waiting, accepted, rejected with the reason sent). */
import type { Member } from '../api.ts';
import { Card } from '../components/Layout.tsx';
import { useFormats, useTexts } from '../locale.tsx';

const REJECTED_STATUS = '2';
/** How long a new member is told that the application went through. */
const ACCEPTED_SHOWN_DAYS = 30;

const acceptedLately = (validatedAt: string | null, now: number) =>
  validatedAt !== null && now - Date.parse(validatedAt) < ACCEPTED_SHOWN_DAYS * 24 * 60 * 60 * 1000;

export function ApplicationState({ member }: { member: Member }) {
  const texts = useTexts();
  const t = texts.application;
  const format = useFormats();
  const membership = member.subscription_membership;
  const rejected = member.status === REJECTED_STATUS || membership?.state === 'rejected';
  if (member.role_id === 2 && !rejected) {
    // A member of long standing needs no reminder; one accepted lately sees that it went through.
    if (!acceptedLately(member.validated_at, Date.now())) return null;
    const since = member.membership_start_date;
    return (
      <Card title={t.title} className="application-state">
        <p className="notice notice-success" role="status">
          {since ? t.acceptedSince(format.date(since)) : t.accepted}
        </p>
      </Card>
    );
  }
  const reason = member.reason_for_rejection ?? membership?.reason_for_rejection ?? null;
  return (
    <Card title={t.title} className="application-state">
      {rejected ? (
        <div className="notice notice-error" role="status">
          <p>{t.rejected}</p>
          {reason && (
            <p>
              <strong>{t.reason}:</strong> {reason}
            </p>
          )}
        </div>
      ) : (
        <p className="notice notice-info" role="status">
          {t.waiting}
        </p>
      )}
    </Card>
  );
}
