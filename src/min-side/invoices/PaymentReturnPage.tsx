/**
 * /profile/payment/{memberId}?invoice={id}&reference={reference}: where Vipps (or the test
 * checkout) sends the member back. It asks the server how the payment stands a few times (the
 * server asks Vipps and settles it) and says paid, not paid, or still waiting.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from '../router.tsx';
import { Card, Layout, Loading } from '../components/Layout.tsx';
import { SignedInHeader } from '../components/SignedInHeader.tsx';
import { useTexts } from '../locale.tsx';
import { invoiceApi, type PaymentState } from './invoiceApi.ts';
import { PayButton } from './PayButton.tsx';
import { useInvoiceTexts } from './texts.ts';
import './invoices.css';
import { PageTitle } from '../components/PageTitle.tsx';

/** How many times the page asks, and how long between. */
const TRIES = 6;
const POLL_MS = 1500;

export default function PaymentReturnPage({ memberId, pollMs = POLL_MS }: { memberId: number; pollMs?: number }) {
  const texts = useTexts();
  const t = useInvoiceTexts();
  const [params] = useSearchParams();
  const invoiceId = Number(params.get('invoice'));
  const reference = params.get('reference') ?? '';
  const [payment, setPayment] = useState<PaymentState | null>(null);
  const [failed, setFailed] = useState(false);
  const [gaveUp, setGaveUp] = useState(false);
  const round = useRef(0);

  const poll = useCallback(() => {
    const mine = ++round.current;
    setGaveUp(false);
    let tries = 0;
    const ask = async () => {
      const result = Number.isInteger(invoiceId) && invoiceId > 0 && reference ? await invoiceApi.state(invoiceId, reference) : null;
      if (mine !== round.current) return;
      if (!result?.ok) {
        setFailed(true);
        return;
      }
      setFailed(false);
      setPayment(result.data.data);
      if (result.data.data.state !== 'waiting') return;
      if (++tries >= TRIES) setGaveUp(true);
      else setTimeout(() => void ask(), pollMs);
    };
    void ask();
  }, [invoiceId, reference, pollMs]);

  useEffect(() => {
    poll();
    return () => {
      round.current += 1;
    };
  }, [poll]);

  let body;
  if (failed)
    body = (
      <p className="notice notice-error" role="alert">
        {t.result.failed}
      </p>
    );
  else if (!payment) body = <Loading />;
  else if (payment.state === 'paid') {
    body = (
      <p className="notice notice-success" role="status">
        {payment.outstanding > 0
          ? t.result.paidPart(payment.invoice_number, t.money(payment.amount), t.money(payment.outstanding))
          : t.result.paid(payment.invoice_number, t.money(payment.amount))}
      </p>
    );
  } else if (payment.state === 'cancelled') {
    body = (
      <>
        <div className="notice notice-info" role="status">
          <p>{payment.outstanding === 0 ? t.result.alreadyPaid : t.result.cancelled(payment.invoice_number)}</p>
        </div>
        {payment.outstanding > 0 && (
          <PayButton invoice={{ id: invoiceId, number: payment.invoice_number, outstanding: payment.outstanding }} label={t.result.tryAgain} />
        )}
      </>
    );
  } else {
    body = (
      <div role="status">
        <p>{gaveUp ? t.result.stillWaiting : t.result.waiting}</p>
        {gaveUp && (
          <button type="button" className="btn btn-secondary" onClick={poll}>
            {t.result.checkAgain}
          </button>
        )}
      </div>
    );
  }

  // A payment the member stopped in Vipps says so in its heading, not only in the text below it.
  const heading = payment?.state === 'cancelled' && payment.outstanding > 0 ? t.result.cancelledTitle : t.result.pageTitle;
  return (
    <Layout header={<SignedInHeader />}>
      <PageTitle>{`${heading} – ${texts.appName}`}</PageTitle>
      <div className="narrow">
        <h1>{heading}</h1>
        <Card>
          <div className="invoice-result">
            {body}
            <p className="form-links">
              <Link to={`/profile/${memberId}`}>{t.result.back}</Link>
            </p>
          </div>
        </Card>
      </div>
    </Layout>
  );
}
