/** 'Betal med Vipps' for one invoice: starts the payment and sends the browser to Vipps (or the test checkout). */
import { useId, useState } from 'react';
import type { MemberInvoice } from './invoiceApi.ts';
import { invoiceApi } from './invoiceApi.ts';
import { useInvoiceTexts } from './texts.ts';

/** `label` names a second try (after a cancelled payment); the button otherwise says 'Betal med Vipps'. */
export function PayButton({ invoice, label }: { invoice: Pick<MemberInvoice, 'id' | 'number' | 'outstanding'>; label?: string }) {
  const t = useInvoiceTexts();
  const errorId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pay() {
    setBusy(true);
    setError(null);
    const result = await invoiceApi.pay(invoice.id);
    if (result.ok) {
      window.location.assign(result.data.data.redirect_url);
      return;
    }
    setBusy(false);
    // The server's Norwegian answer (paid, credited, Vipps down) is shown as it is in Norwegian;
    // without one, the catalogue's.
    setError(result.status >= 400 && result.status < 500 && result.message ? result.message : t.payFailed);
  }

  return (
    <div className="pay-button">
      <button
        type="button"
        className="btn btn-vipps"
        onClick={() => void pay()}
        disabled={busy}
        aria-describedby={error ? errorId : undefined}
        // Which invoice, for a screen reader among several buttons; the visible words come first, as the name must start with them.
        aria-label={busy ? undefined : `${label ?? t.pay} – ${t.invoice(invoice.number)}, ${t.money(invoice.outstanding)}`}
      >
        {busy ? t.paying : (label ?? t.pay)}
      </button>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
