/**
 * 'Trekk kontingenten automatisk med Vipps': the member's agreement and its state, set up (off to
 * Vipps, or the test checkout without Vipps settings), stopped after a confirmation, and the
 * charges drawn on it. Vipps sends the member back to the profile with ?vipps_agreement=return,
 * where the card says how it went (the server asks Vipps about a waiting agreement when read).
 * An applicant cannot set one up, but one who ticked 'Betal kontingenten automatisk hvert år' when
 * joining with Vipps sees (and may stop) the agreement made then.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from '../router.tsx';
import { Card, Loading } from '../components/Layout.tsx';
import { useTexts } from '../locale.tsx';
import { useLoad } from '../useLoad.ts';
import { agreementApi, type VippsAgreementView } from './vippsAgreementApi.ts';

export function VippsAgreementCard({
  memberId,
  canStart = true,
}: {
  memberId: number;
  /** False for an applicant: the card shows only an agreement they have. */ canStart?: boolean;
}) {
  const texts = useTexts();
  const t = texts.vippsAgreement;
  const format = texts.formats;
  const [query] = useSearchParams();
  const returned = query.get('vipps_agreement') === 'return';
  const [loaded, , replace] = useLoad(() => agreementApi.get(memberId), [memberId]);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [withPremiums, setWithPremiums] = useState(false);
  const premiumsId = useId();
  const section = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (returned && loaded.state === 'loaded') section.current?.scrollIntoView?.({ block: 'start' });
  }, [returned, loaded.state]);

  if (loaded.state === 'error') return null;
  const data: VippsAgreementView | null = loaded.state === 'loaded' ? loaded.data.data : null;
  const agreement = data?.agreement ?? null;
  const open = agreement?.state === 'PENDING' || agreement?.state === 'ACTIVE';
  if (!canStart && !agreement) return null;

  async function start() {
    setBusy(true);
    setError(null);
    const answer = await agreementApi.start(memberId, withPremiums && (data?.premiums ?? 0) > 0);
    if (answer.ok) {
      window.location.assign(answer.data.data.redirect_url);
      return;
    }
    setBusy(false);
    setError(answer.message);
  }

  async function stop() {
    setBusy(true);
    setError(null);
    const answer = await agreementApi.stop(memberId);
    setBusy(false);
    setConfirming(false);
    if (!answer.ok) {
      setError(answer.message);
      return;
    }
    replace(answer.data);
    setDone(t.stopped);
  }

  const returnMessage =
    !returned || !agreement || done
      ? null
      : agreement.state === 'ACTIVE'
        ? t.returnedActive
        : agreement.state === 'PENDING'
          ? t.returnedPending
          : t.returnedStopped;

  return (
    <div id="vipps-agreement" ref={section} className="vipps-agreement">
      <Card title={t.title}>
        {!data ? (
          <Loading />
        ) : (
          <>
            <p>{t.intro}</p>
            {returnMessage && (
              <p className={`notice ${agreement?.state === 'ACTIVE' ? 'notice-success' : 'notice-info'}`} role="status">
                {returnMessage}
              </p>
            )}
            {done && (
              <p className="notice notice-success" role="status">
                {done}
              </p>
            )}
            {error && (
              <p className="notice notice-error" role="alert">
                {error}
              </p>
            )}
            {data.test_checkout && <p className="notice notice-info">{t.testCheckout}</p>}
            {!open && data.available && data.premiums > 0 && (
              <div className="field field-checkbox">
                <input id={premiumsId} type="checkbox" checked={withPremiums} onChange={(event) => setWithPremiums(event.target.checked)} />
                <label htmlFor={premiumsId}>{t.withPremiums(format.amount(data.premiums / 100))}</label>
              </div>
            )}
            <dl className="agreement-facts">
              <div>
                <dt>{t.price}</dt>
                <dd>{t.kroner(format.amount((agreement && open ? agreement.price : data.price + (withPremiums ? data.premiums : 0)) / 100))}</dd>
              </div>
              {agreement && open && (
                <div>
                  <dt>{t.covers}</dt>
                  <dd>{agreement.includes_premiums ? t.duesAndPremiums : t.duesOnly}</dd>
                </div>
              )}
              {agreement && (
                <div>
                  <dt>{t.state}</dt>
                  <dd>
                    <strong>{t.states[agreement.state] ?? agreement.state}</strong>
                  </dd>
                </div>
              )}
            </dl>
            {agreement && !open && agreement.stopped_by && <p>{t.stoppedBy[agreement.stopped_by]}</p>}
            {!data.available ? (
              !open && <p>{t.unavailable}</p>
            ) : confirming ? (
              <div className="notice notice-info" role="group" aria-label={t.stop}>
                <p>{t.confirmStop}</p>
                <div className="button-row agreement-buttons">
                  <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void stop()} autoFocus>
                    {t.confirmYes}
                  </button>
                  <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setConfirming(false)}>
                    {t.cancel}
                  </button>
                </div>
              </div>
            ) : (
              <div className="button-row agreement-buttons">
                {!open && canStart && (
                  <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void start()}>
                    {t.start}
                  </button>
                )}
                {agreement?.state === 'PENDING' && agreement.redirect_url && (
                  <a className="btn btn-primary" href={agreement.redirect_url}>
                    {t.approve}
                  </a>
                )}
                {open && (
                  <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setConfirming(true)}>
                    {t.stop}
                  </button>
                )}
              </div>
            )}
            {data.test_checkout && agreement?.state === 'ACTIVE' && agreement.agreement_id && (
              <p>
                <a href={`/api/vipps-test-checkout/agreement/${encodeURIComponent(agreement.agreement_id)}`}>{t.testApp}</a>
              </p>
            )}
            {data.charges.length > 0 && (
              <>
                <h3 className="agreement-charges-title">{t.charges}</h3>
                <ul className="agreement-charges">
                  {data.charges.map((charge) => (
                    <li key={charge.id}>
                      {t.charge(charge.invoice_number, format.amount(charge.amount / 100), format.date(charge.due_date))}
                      {' – '}
                      <strong>{t.chargeStates[charge.state] ?? charge.state}</strong>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </Card>
    </div>
  );
}
