/** A send ('Utsendelse') and its group as the outreach API answers them, for the sends' component tests. */
import type { Outreach, OutreachPreview, OutreachReport, Segment } from '../../../src/dataProvider/index.ts';

export const GROUP: Segment = {
  id: 3,
  name: 'Oslo med instrumentforsikring',
  filter: { has_instruments: true, postal_area: 'OSLO' },
  count: 1234,
  created_by: 'Siri Saksbehandler',
  created_at: '2026-11-20T09:00:00Z',
  updated_at: '2026-11-20T09:00:00Z',
};

export function outreach(changes: Partial<Outreach> = {}): Outreach {
  return {
    id: 7,
    segment_id: 3,
    segment_name: 'Oslo med instrumentforsikring',
    kind: 'required',
    kind_label: 'Nødvendig informasjon',
    channel: 'email_sms',
    subject: 'Innkalling til årsmøte',
    body: '<p>Hei {first_name}, velkommen til årsmøtet.</p>',
    sms_text: 'Hei {first_name}, se e-posten om årsmøtet.',
    send_at: null,
    state: 'draft',
    recipient_count: null,
    sent: 0,
    failed: 0,
    created_by: 'Siri Saksbehandler',
    created_at: '2026-11-25T09:00:00Z',
    updated_at: '2026-11-25T09:00:00Z',
    started_at: null,
    finished_at: null,
    ...changes,
  };
}

export function preview(changes: Partial<OutreachPreview> = {}): OutreachPreview {
  return {
    member: { id: 11, name: 'Ingrid Berg' },
    subject: 'Innkalling til årsmøte',
    body:
      '<!doctype html><html><body><p>Hei Ingrid, velkommen til årsmøtet.</p><img src="x" onerror="window.hacked=1"><script>window.hacked=2</script>' +
      '<p><a href="https://portal.example/unsubscribe/abc">Meld deg av</a></p></body></html>',
    sms_text: 'Hei Ingrid, se e-posten om årsmøtet. Stopp: https://portal.example/u/abc',
    recipients: 1234,
    excluded: { erased: 2, blocked: 1, no_consent: 40, no_address: 5 },
    ...changes,
  };
}

export function report(changes: Partial<OutreachReport> = {}): OutreachReport {
  return {
    recipients: 1234,
    queued: 0,
    sent: 1220,
    failed: 2,
    skipped: 12,
    unsubscribed: 3,
    failures: [
      { member_id: 21, name: 'Per Lund', channel: 'email', address: 'per@example.no', reason: '550 5.1.1 Mailbox unavailable' },
      { member_id: 22, name: 'Kari Dahl', channel: 'sms', address: '+4791234567', reason: 'Ugyldig nummer' },
    ],
    ...changes,
  };
}
