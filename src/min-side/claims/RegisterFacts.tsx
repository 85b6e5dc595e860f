/**
 * What the register says for a claim, read-only: the member, the instrument and its cover, the
 * appraisal, the policy. Before sending it is what Min side knows; after, the claim's own record.
 */
import type { ReactNode } from 'react';
import type { Member } from '../api.ts';
import type { InstrumentDocument } from '../documents/api.ts';
import type { Instrument } from '../instruments/api.ts';
import { useFormats } from '../locale.tsx';
import type { ClaimSnapshot } from './api.ts';
import { useClaimTexts } from './texts.ts';
import { DataName, INSTRUMENT_TYPE_NAMES } from '../components/DataName.tsx';

/** The newest appraisal among the instrument's documents, as a claim would record it. */
function latestAppraisal(documents: InstrumentDocument[]): ClaimSnapshot['appraisal'] {
  const appraisals = documents.filter((document) => document.kind === 'appraisal' && document.valued_on && document.value !== null);
  const newest = appraisals.sort((a, b) => (b.valued_on ?? '').localeCompare(a.valued_on ?? ''))[0];
  return newest ? { valued_on: newest.valued_on!, value: newest.value! } : null;
}

/**
 * The register's facts as the page shows them: a sent claim's snapshot, or before sending what
 * Min side knows (the policy and the category's id come with the claim's record).
 */
export type RegisterSnapshot = Omit<ClaimSnapshot, 'instrument' | 'policy_number' | 'insurer'> & {
  instrument: Omit<ClaimSnapshot['instrument'], 'category_id'>;
  policy_number: string | null;
  insurer: string | null;
};

export function snapshotOf(member: Member, instrument: Instrument, documents: InstrumentDocument[]): RegisterSnapshot {
  return {
    member: {
      id: member.id,
      member_number: member.remote_id,
      first_name: member.first_name,
      last_name: member.last_name,
      email: member.email,
      phone: member.phone,
      address: member.address,
      postal_code: member.postal_code,
      postal_area: member.postal_area,
    },
    instrument: {
      id: instrument.id,
      category: instrument.category,
      make: instrument.make,
      model: instrument.model,
      serial_number: instrument.serial_number,
      value: instrument.value,
      insurance_start: instrument.insurance_start,
    },
    appraisal: latestAppraisal(documents),
    policy_number: null,
    insurer: null,
  };
}

export function RegisterFacts({ snapshot, sent }: { snapshot: RegisterSnapshot; sent: boolean }) {
  const t = useClaimTexts().register;
  const format = useFormats();
  const { member, instrument, appraisal } = snapshot;
  const address = [member.address, [member.postal_code, member.postal_area].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const rows: [string, ReactNode][] = [
    [t.member, `${member.first_name} ${member.last_name}`],
    [t.memberNumber, member.member_number === null ? '' : String(member.member_number)],
    [t.contact, [member.email, member.phone].filter(Boolean).join(', ')],
    [t.address, address],
    [t.instrument, <DataName names={INSTRUMENT_TYPE_NAMES} name={instrument.category} />],
    [t.make, instrument.make],
    [t.model, instrument.model],
    [t.serial, instrument.serial_number ?? ''],
    [t.value, t.amount(format.amount(instrument.value))],
    [t.start, format.date(instrument.insurance_start)],
    [
      t.appraisal,
      appraisal ? (
        <>
          <span className="nowrap">{t.amount(format.amount(appraisal.value))}</span>, <span className="nowrap">{format.date(appraisal.valued_on)}</span>
        </>
      ) : (
        t.none
      ),
    ],
  ];
  if (sent) rows.push([t.policy, snapshot.policy_number ?? ''], [t.insurer, snapshot.insurer ?? '']);
  return (
    <>
      <dl className="claim-facts">
        {rows
          .filter(([, value]) => value !== '')
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      {!sent && <p className="muted">{t.policyLater}</p>}
    </>
  );
}
