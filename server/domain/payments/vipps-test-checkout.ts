/**
 * The embedded test checkout's page and buttons (no Vipps settings, never in production). The
 * payer's decision is delivered to our own webhook, signed like Vipps signs, and then the payer
 * is sent to the payment's return address, exactly as Vipps would.
 */
import { escapeHtml } from '../../lib/html.ts';
import { kroner, testCheckoutFrame } from './test-checkout-page.ts';
import { notFound } from '../../lib/http-errors.ts';
import { signWebhook, type Payer } from '../../adapters/vipps.ts';
import { MADE_UP_PAYER, type TestCheckout } from '../../adapters/vipps-test-checkout.ts';
import { receiveWebhook, WEBHOOK_PATH, type VippsDeps } from './vipps.ts';
import { isInvoiceReference } from './vipps-invoices.ts';

type TestDeps = VippsDeps & { gateway: TestCheckout };

export function isTestCheckout(deps: VippsDeps): deps is TestDeps {
  return deps.gateway?.kind === 'test-checkout';
}

const page = (title: string, body: string) => testCheckoutFrame(title, 'TESTBETALING', body);

const field = (name: keyof Payer, label: string, value: string, type = 'text', autocomplete = 'off') =>
  `<label for="${name}">${escapeHtml(label)}</label><input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" value="${escapeHtml(value)}">`;

/** The checkout page for one payment; 404 for an unknown one. */
export async function testCheckoutPage(deps: TestDeps, reference: string): Promise<string> {
  const payment = await deps.gateway.payment(reference);
  if (!payment) throw notFound();
  const action = `/api/vipps-test-checkout/${encodeURIComponent(reference)}`;
  if (payment.state !== 'CREATED') {
    return page(
      'Testbetaling – Musikerportalen',
      `<div class="card"><h1>Betalingen er avsluttet</h1>
<p>Denne betalingen er allerede behandlet (${escapeHtml(payment.state)}).</p>
<form method="post" action="${action}/abort"><div class="buttons"><button class="abort" type="submit">Tilbake til butikken</button></div></form></div>`,
    );
  }
  const payer = MADE_UP_PAYER;
  // An invoice's payment asks Vipps for no payer details, so the page has none to fill in.
  const payerFields = isInvoiceReference(reference)
    ? ''
    : `<fieldset>
<legend>Betaleren (oppdiktet, kan endres)</legend>
${field('first_name', 'Fornavn', payer.first_name)}
${field('last_name', 'Etternavn', payer.last_name)}
${field('email', 'E-post', payer.email, 'email')}
${field('phone', 'Mobil', payer.phone, 'tel')}
</fieldset>`;
  return page(
    'Testbetaling med Vipps – Musikerportalen',
    `<div class="card">
<h1>Betal med Vipps (test)</h1>
<p>${escapeHtml(payment.description)}</p>
<p class="amount">${escapeHtml(kroner(payment.amount))}</p>
<form method="post" action="${action}/approve">
${payerFields}
<div class="buttons">
<button class="approve" type="submit">Godkjenn betaling</button>
<button class="abort" type="submit" formaction="${action}/abort">Avbryt betaling</button>
</div>
</form>
</div>`,
  );
}

/** The payer approves or aborts; answers where the browser goes next (the payment's return address). */
export async function decideTestPayment(
  deps: TestDeps,
  reference: string,
  decision: 'approve' | 'abort',
  form: Record<string, string | undefined>,
): Promise<string> {
  const { gateway } = deps;
  const existing = await gateway.payment(reference);
  if (!existing) throw notFound();
  const filled = (name: 'first_name' | 'last_name' | 'email' | 'phone') => form[name]?.trim() || MADE_UP_PAYER[name];
  const payment =
    decision === 'approve'
      ? await gateway.approve(reference, {
          ...MADE_UP_PAYER,
          first_name: filled('first_name'),
          last_name: filled('last_name'),
          email: filled('email'),
          phone: filled('phone')
            .replace(/\D/g, '')
            .replace(/^(\d{8})$/, '47$1'),
        })
      : await gateway.abort(reference);
  // The event, delivered to our webhook and checked like one from Vipps.
  const body = JSON.stringify({
    msn: 'test-checkout',
    reference,
    pspReference: `test-${reference}`,
    name: payment.state,
    amount: { currency: 'NOK', value: payment.amount },
    timestamp: new Date().toISOString(),
    success: true,
  });
  const host = new URL(deps.publicUrl).host;
  await receiveWebhook(deps, { method: 'POST', pathAndQuery: WEBHOOK_PATH, headers: signWebhook(gateway.webhookSecret, host, WEBHOOK_PATH, body), body });
  return payment.return_url;
}
