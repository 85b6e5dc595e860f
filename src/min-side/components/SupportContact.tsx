/** The organisation's mailbox and phone, as links. */
import { useTexts } from '../locale.tsx';
import { SUPPORT_CONTACT } from '../texts.ts';

export function SupportContact() {
  const texts = useTexts();
  return (
    <dl className="support-contact" aria-label={texts.contactTitle}>
      <dt>{texts.contactEmailLabel}</dt>
      <dd>
        <a href={`mailto:${SUPPORT_CONTACT.email}`}>{SUPPORT_CONTACT.email}</a>
      </dd>
      <dt>{texts.contactPhoneLabel}</dt>
      <dd>
        <a href={`tel:${SUPPORT_CONTACT.phone.replace(/\s/g, '')}`}>{SUPPORT_CONTACT.phone}</a>
      </dd>
    </dl>
  );
}
