/**
 * The embedded test checkout's page and buttons (no Vipps settings, never in production). The
 * payer's decision is delivered to our own webhook, signed like Vipps signs, and then the payer
 * is sent to the payment's return address, exactly as Vipps would.
 */
import { escapeHtml } from '../../lib/html.ts';
import { notFound } from '../../lib/http-errors.ts';
import { signWebhook, type Payer } from '../../adapters/vipps.ts';
import { MADE_UP_PAYER, type TestCheckout } from '../../adapters/vipps-test-checkout.ts';
import { receiveWebhook, WEBHOOK_PATH, type VippsDeps } from './vipps.ts';
import { isInvoiceReference } from './vipps-invoices.ts';

type TestDeps = VippsDeps & { gateway: TestCheckout };

export function isTestCheckout(deps: VippsDeps): deps is TestDeps {
  return deps.gateway?.kind === 'test-checkout';
}

const kroner = (ore: number) => `${Math.round(ore / 100).toLocaleString('nb-NO').replace(/\s/g, ' ')} kr`;

const STYLE = `
  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, sans-serif; background: #f3f1f8; color: #1b1b1b; line-height: 1.5; }
  main { max-width: 28rem; margin: 0 auto; padding: 1rem; }
  .banner { background: #fff3cd; border: 2px solid #8a6d00; color: #3d3000; padding: .75rem 1rem; border-radius: .5rem; font-weight: 600; }
  .card { background: #fff; border-radius: .75rem; padding: 1.25rem; margin-top: 1rem; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  h1 { font-size: 1.5rem; margin: .5rem 0; color: #3a1f7a; }
  .amount { font-size: 2rem; font-weight: 700; margin: .25rem 0; }
  button, input { font: inherit; }
  fieldset { border: 0; padding: 0; margin: 0; }
  legend { padding: 0; color: #444; }
  label { display: block; font-weight: 600; margin-top: .75rem; }
  input { width: 100%; padding: .6rem; font-size: 1rem; border: 1px solid #6b6b6b; border-radius: .375rem; }
  .buttons { display: flex; gap: .75rem; margin-top: 1.25rem; flex-wrap: wrap; }
  button { flex: 1 1 10rem; min-height: 2.75rem; font-size: 1rem; font-weight: 600; border-radius: .375rem; cursor: pointer; }
  .approve { background: #ff5b24; color: #1b1b1b; border: 2px solid #ff5b24; }
  .abort { background: #fff; color: #1b1b1b; border: 2px solid #1b1b1b; }
  :focus-visible { outline: 3px solid #1a4fd6; outline-offset: 2px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="nb">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="banner" role="note">TESTBETALING – dette er ikke Vipps, og ingen penger trekkes. Siden finnes bare når Vipps ikke er satt opp.</p>
${body}
</main>
</body>
</html>`;
}

const field = (name: keyof Payer, label: string, value: string, type = 'text', autocomplete = 'off') =>
  `<label for="${name}">${escapeHtml(label)}</label><input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" value="${escapeHtml(value)}">`;

/** The checkout page for one payment; 404 for an unknown one. */
export async function testCheckoutPage(deps: TestDeps, reference: string): Promise<string> {
  const payment = await deps.gateway.payment(reference);
  if (!payment) throw notFound();
  const action = `/api/vipps-test-checkout/${encodeURIComponent(reference)}`;
  if (payment.state !== 'CREATED') {
    return page('Testbetaling – Musikerportalen', `<div class="card"><h1>Betalingen er avsluttet</h1>
<p>Denne betalingen er allerede behandlet (${escapeHtml(payment.state)}).</p>
<form method="post" action="${action}/abort"><div class="buttons"><button class="abort" type="submit">Tilbake til butikken</button></div></form></div>`);
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
          phone: filled('phone').replace(/\D/g, '').replace(/^(\d{8})$/, '47$1'),
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
