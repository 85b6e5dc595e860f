/**
 * 'Mine fakturaer': each invoice with its number, what it is for, amount, due date and state in
 * words, its PDF, 'Betal med Vipps' while something is owing, and the receipt of what was paid.
 */
import { useState } from 'react';
import { download } from '../../common/http.ts';
import { Card, Loading } from '../components/Layout.tsx';
import { useFormats } from '../locale.tsx';
import { isOpen, memberStateOf, type MemberInvoice } from './invoiceApi.ts';
import { PayButton } from './PayButton.tsx';
import { useInvoiceTexts } from './texts.ts';
import type { MemberInvoices } from './useMemberInvoices.ts';
import './invoices.css';

export const INVOICES_ANCHOR = 'mine-fakturaer';

function PdfButton({ invoice }: { invoice: MemberInvoice }) {
  const t = useInvoiceTexts();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  async function fetchPdf() {
    setBusy(true);
    setFailed(false);
    const result = await download(`/api/invoice/${invoice.id}/pdf`, `faktura-${invoice.number}.pdf`);
    setBusy(false);
    setFailed(!result.ok);
  }
  return (
    <div>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => void fetchPdf()}
        disabled={busy}
        aria-label={`${t.pdf} – ${t.invoice(invoice.number)}`}
      >
        {t.pdf}
      </button>
      {failed && (
        <p className="field-error" role="alert">
          {t.pdfFailed}
        </p>
      )}
    </div>
  );
}

function InvoiceItem({ invoice, vipps }: { invoice: MemberInvoice; vipps: MemberInvoices['vipps'] }) {
  const t = useInvoiceTexts();
  const format = useFormats();
  const state = memberStateOf(invoice);
  const headingId = `invoice-${invoice.id}`;
  return (
    <li className="invoice-item">
      <div className="invoice-head">
        <h3 id={headingId}>{t.invoice(invoice.number)}</h3>
        <span className={`invoice-state invoice-state-${state}`}>{t.states[state]}</span>
      </div>
      <dl className="invoice-facts">
        <div>
          <dt>{t.forWhat}</dt>
          <dd>
            <ul className="invoice-lines">
              {invoice.lines.map((line, index) => (
                <li key={index}>
                  <span>{line.description}</span> <span className="invoice-line-amount">{t.money(line.amount)}</span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>{t.amount}</dt>
          <dd>{t.money(invoice.total)}</dd>
        </div>
        <div>
          <dt>{t.dueDate}</dt>
          <dd>{format.date(invoice.due_date)}</dd>
        </div>
        {isOpen(invoice) && (
          <>
            {invoice.outstanding !== invoice.total && (
              <div>
                <dt>{t.outstanding}</dt>
                <dd>{t.money(invoice.outstanding)}</dd>
              </div>
            )}
            <div>
              <dt>{t.kid}</dt>
              <dd className="invoice-kid">{invoice.kid.replace(/(\d{5})(?=\d)/g, '$1 ')}</dd>
            </div>
          </>
        )}
      </dl>
      {(invoice.payments.length > 0 || invoice.credited > 0) && (
        <div className="invoice-receipt">
          <h4>{t.receiptTitle}</h4>
          <ul>
            {invoice.payments.map((payment, index) => (
              <li key={index}>{t.receipt(t.money(payment.amount), format.date(payment.paid_on), t.methods[payment.method] ?? payment.method)}</li>
            ))}
            {invoice.credited > 0 && <li>{t.credited(t.money(invoice.credited))}</li>}
          </ul>
        </div>
      )}
      <div className="invoice-actions">
        {isOpen(invoice) && vipps.available && <PayButton invoice={invoice} />}
        <PdfButton invoice={invoice} />
      </div>
      {isOpen(invoice) && !vipps.available && <p className="muted">{t.noVipps}</p>}
    </li>
  );
}

export function InvoicesCard({ state }: { state: MemberInvoices }) {
  const t = useInvoiceTexts();
  const { invoices, failed, vipps } = state;
  const open = invoices?.some(isOpen) ?? false;
  return (
    <div id={INVOICES_ANCHOR} tabIndex={-1} className="invoices-anchor">
      <Card title={t.title}>
        {failed && <p className="muted">{t.loadFailed}</p>}
        {!failed && invoices === null && <Loading />}
        {invoices !== null && invoices.length === 0 && <p className="muted">{t.empty}</p>}
        {open && vipps.testCheckout && <p className="notice notice-info">{t.testCheckout}</p>}
        {invoices !== null && invoices.length > 0 && (
          <ul className="invoice-list">
            {invoices.map((invoice) => (
              <InvoiceItem key={invoice.id} invoice={invoice} vipps={vipps} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
