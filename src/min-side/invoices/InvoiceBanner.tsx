/**
 * The banner at the top of Min side while something is owing: the amount (overdue or due by the
 * earliest due date), the most urgent invoice, and one button to pay it with Vipps.
 */
import { useFormats } from '../locale.tsx';
import { isOpen } from './invoiceApi.ts';
import { INVOICES_ANCHOR } from './InvoicesCard.tsx';
import { PayButton } from './PayButton.tsx';
import { useInvoiceTexts } from './texts.ts';
import type { MemberInvoices } from './useMemberInvoices.ts';
import './invoices.css';

export function InvoiceBanner({ state }: { state: MemberInvoices }) {
  const t = useInvoiceTexts();
  const format = useFormats();
  const open = (state.invoices ?? []).filter(isOpen).sort((a, b) => a.due_date.localeCompare(b.due_date) || a.number - b.number);
  if (open.length === 0) return null;
  const [first, ...rest] = open;
  const overdue = open.filter((invoice) => invoice.overdue);
  const total = (list: typeof open) => list.reduce((sum, invoice) => sum + invoice.outstanding, 0);
  const headline = overdue.length > 0 ? t.banner.overdue(t.money(total(overdue))) : t.banner.due(t.money(total(open)), format.date(first.due_date));
  return (
    <section className={`invoice-banner${overdue.length > 0 ? ' invoice-banner-overdue' : ''}`} aria-label={t.banner.label}>
      <p className="invoice-banner-headline">{headline}</p>
      <p>{t.banner.which(first.number, t.money(first.outstanding), format.date(first.due_date))}</p>
      {rest.length > 0 && (
        <p>
          {t.banner.more(rest.length)} <a href={`#${INVOICES_ANCHOR}`}>{t.banner.seeAll}</a>
        </p>
      )}
      {state.vipps.available ? <PayButton invoice={first} /> : <p>{t.noVipps}</p>}
    </section>
  );
}
