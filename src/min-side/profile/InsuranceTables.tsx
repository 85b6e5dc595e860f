/** The member's travel and instrument insurance, read-only, with the way to order or change them. */
import { Link } from '../router.tsx';
import type { Member } from '../api.ts';
import { Card } from '../components/Layout.tsx';
import { useFormats, useTexts } from '../locale.tsx';
import { CertificateButtons } from './CertificateButtons.tsx';
import { DataName, INSTRUMENT_TYPE_NAMES, PRODUCT_NAMES } from '../components/DataName.tsx';

function EditLink({ to, exists, order, edit, what }: { to: string; exists: boolean; order: string; edit: string; what: string }) {
  return (
    <Link className="btn btn-secondary" to={to} aria-label={`${exists ? edit : order} ${what.toLowerCase()}`}>
      {exists ? edit : order}
    </Link>
  );
}

export function TravelInsuranceTable({ member }: { member: Member }) {
  const texts = useTexts();
  const t = texts.travel;
  const format = useFormats();
  const travel = member.subscription_travel_insurance;
  return (
    <Card title={t.title}>
      {travel ? (
        <div className="table-wrap">
          <table className="stack-table">
            <thead>
              <tr>
                <th scope="col">{t.product}</th>
                <th scope="col">{t.price}</th>
                <th scope="col">{t.start}</th>
                <th scope="col">{t.end}</th>
                <th scope="col">{t.invoicedFor}</th>
                <th scope="col">{t.status}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td data-label={t.product}>
                  <DataName names={PRODUCT_NAMES} name={travel.product.name} />
                </td>
                <td data-label={t.price}>{t.kroner(format.amount(travel.product.price))}</td>
                <td data-label={t.start}>{format.date(travel.subscription_start)}</td>
                <td data-label={t.end}>{format.date(travel.subscription_end)}</td>
                <td data-label={t.invoicedFor}>{travel.invoiced_for ? format.date(travel.invoiced_for) : t.notYet}</td>
                <td data-label={t.status} className={travel.state === 'pending' ? 'status-pending' : undefined}>
                  {travel.state === 'pending' ? t.awaiting : t.active}
                </td>
              </tr>
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">{t.empty}</p>
      )}
      {travel?.state === 'active' && <CertificateButtons memberId={member.id} kind="travel" />}
      <EditLink to={`/profile/edit/travel-insurane/${member.id}`} exists={Boolean(travel)} order={t.order} edit={t.edit} what={t.title} />
    </Card>
  );
}

export function InstrumentInsuranceTable({ member }: { member: Member }) {
  const texts = useTexts();
  const t = texts.instruments;
  const format = useFormats();
  const lines = member.subscription_instrument_insurance?.instruments ?? [];
  const total = lines.reduce((sum, line) => sum + (Number(line.value) || 0), 0);
  return (
    <Card title={t.title}>
      {lines.length > 0 ? (
        <div className="table-wrap">
          <table className="stack-table">
            <thead>
              <tr>
                <th scope="col">{t.type}</th>
                <th scope="col">{t.make}</th>
                <th scope="col">{t.model}</th>
                <th scope="col">{t.value}</th>
                <th scope="col">{t.start}</th>
                <th scope="col">{t.end}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.id}>
                  <td data-label={t.type}>
                    <DataName names={INSTRUMENT_TYPE_NAMES} name={line.type} />
                  </td>
                  <td data-label={t.make}>{line.make}</td>
                  <td data-label={t.model}>{line.model}</td>
                  <td data-label={t.value}>{t.valueAmount(format.amount(line.value))}</td>
                  <td data-label={t.start}>{format.date(line.insurance_start)}</td>
                  <td data-label={t.end}>{format.date(line.insurance_end)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">{t.empty}</p>
      )}
      {total > 0 && <p className="total">{t.total(format.amount(total))}</p>}
      {member.subscription_instrument_insurance?.state === 'active' && lines.length > 0 && <CertificateButtons memberId={member.id} kind="instruments" />}
      <EditLink to={`/profile/edit/instrument-insurance/${member.id}`} exists={lines.length > 0} order={t.order} edit={t.edit} what={t.title} />
    </Card>
  );
}
