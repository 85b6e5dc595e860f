/**
 * The embedded test checkout's agreement page (no Vipps settings, never in production): the member
 * approves or rejects an agreement, later stops it "in the app", and a charge on it can be carried
 * out or failed. An agreement made at sign-up asks for the payer's details (made up, and editable,
 * as on the payment page) and draws its initial charge on approval. Each decision is delivered to
 * our own webhook as a recurring event signed like Vipps signs, so the portal follows it by the
 * same code path as with Vipps.
 */
import { escapeHtml } from '../../lib/html.ts';
import { kroner, testCheckoutFrame } from './test-checkout-page.ts';
import { notFound } from '../../lib/http-errors.ts';
import { signWebhook, type Payer } from '../../adapters/vipps.ts';
import { MADE_UP_PAYER } from '../../adapters/vipps-test-checkout.ts';
import type { TestAgreements } from '../../adapters/vipps-test-agreements.ts';
import type { RecurringGateway } from '../../adapters/vipps.ts';
import { receiveWebhook, WEBHOOK_PATH, type VippsDeps } from './vipps.ts';

export const isTestAgreements = (recurring: RecurringGateway | null): recurring is TestAgreements => Boolean(recurring && 'testCheckout' in recurring);

const STATE_NAMES: Record<string, string> = {
  PENDING: 'Venter på godkjenning',
  ACTIVE: 'Aktiv',
  STOPPED: 'Stoppet',
  EXPIRED: 'Utløpt',
  DUE: 'Forfaller',
  PROCESSING: 'Behandles',
  CHARGED: 'Trukket',
  FAILED: 'Feilet',
  CANCELLED: 'Kansellert',
  REFUNDED: 'Refundert',
};

const page = (title: string, body: string) => testCheckoutFrame(title, 'TESTAVTALE', body);

const field = (name: keyof Payer, label: string, value: string, type = 'text') =>
  `<label for="${name}">${escapeHtml(label)}</label><input id="${name}" name="${name}" type="${type}" autocomplete="off" value="${escapeHtml(value)}">`;

/** The payer's details the agreement asks Vipps for (made up, and editable). */
const PAYER_FIELDS = `<fieldset>
<legend>Betaleren (oppdiktet, kan endres)</legend>
${field('first_name', 'Fornavn', MADE_UP_PAYER.first_name)}
${field('last_name', 'Etternavn', MADE_UP_PAYER.last_name)}
${field('email', 'E-post', MADE_UP_PAYER.email, 'email')}
${field('phone', 'Mobil', MADE_UP_PAYER.phone, 'tel')}
</fieldset>`;

const button = (action: string, label: string, className: string) =>
  `<form method="post" action="${action}"><div class="buttons"><button class="${className}" type="submit">${escapeHtml(label)}</button></div></form>`;

/** The agreement's test page: approve or reject while it waits, stop it "in the app" while active, and settle its charges. */
export async function testAgreementPage(recurring: TestAgreements, id: string): Promise<string> {
  const agreement = await recurring.agreement(id);
  if (!agreement) throw notFound();
  const action = `/api/vipps-test-checkout/agreement/${encodeURIComponent(id)}`;
  const state = STATE_NAMES[agreement.status] ?? agreement.status;
  const initial = agreement.body.initialCharge ?? null;
  const decisions =
    agreement.status === 'PENDING' && agreement.body.scope
      ? `<form method="post" action="${action}/approve">
${PAYER_FIELDS}
<div class="buttons">
<button class="approve" type="submit">${initial ? 'Betal og godkjenn avtalen' : 'Godkjenn avtalen'}</button>
<button class="abort" type="submit" formaction="${action}/reject">Avvis avtalen</button>
</div>
</form>`
      : agreement.status === 'PENDING'
        ? `${button(`${action}/approve`, 'Godkjenn avtalen', 'approve')}${button(`${action}/reject`, 'Avvis avtalen', 'abort')}`
        : agreement.status === 'ACTIVE'
          ? button(`${action}/stop`, 'Stopp avtalen i appen', 'abort')
          : '';
  const charges =
    agreement.charges.length === 0
      ? '<p>Ingen trekk ennå.</p>'
      : `<ul>${agreement.charges
          .map((charge) => {
            // The initial charge goes with the approval, not by itself.
            const open = charge.type !== 'INITIAL' && (charge.status === 'PENDING' || charge.status === 'DUE' || charge.status === 'PROCESSING');
            const chargeAction = `${action}/charge/${encodeURIComponent(charge.id)}`;
            return `<li><strong>${escapeHtml(charge.description)}</strong>: ${escapeHtml(kroner(charge.amount))}, forfall ${escapeHtml(charge.due)}, ${escapeHtml(STATE_NAMES[charge.status] ?? charge.status)}
${open ? `${button(`${chargeAction}/capture`, 'Gjennomfør trekket', 'approve')}${button(`${chargeAction}/fail`, 'La trekket feile', 'abort')}` : ''}</li>`;
          })
          .join('')}</ul>`;
  return page(
    'Testavtale med Vipps – Musikerportalen',
    `<div class="card">
<h1>Fast trekk med Vipps (test)</h1>
<p>${escapeHtml(agreement.body.productName)}</p>
<p class="amount">${escapeHtml(kroner(agreement.amount))} per år</p>
${initial ? `<p>Første betaling nå: <strong>${escapeHtml(kroner(initial.amount))}</strong> (${escapeHtml(initial.description)})</p>` : ''}
<p>Status: <strong>${escapeHtml(state)}</strong></p>
${decisions}
<p><a href="${escapeHtml(agreement.body.merchantAgreementUrl)}">Tilbake til Min side</a></p>
</div>
<div class="card"><h2>Trekk</h2>${charges}</div>`,
  );
}

/** Delivers a recurring event to our webhook, signed as Vipps signs it. */
async function deliver(deps: VippsDeps, body: Record<string, unknown>): Promise<void> {
  if (!deps.gateway) throw notFound();
  const text = JSON.stringify({ msn: 'test-checkout', occurred: new Date().toISOString(), ...body });
  const host = new URL(deps.publicUrl).host;
  await receiveWebhook(deps, {
    method: 'POST',
    pathAndQuery: WEBHOOK_PATH,
    headers: signWebhook(deps.gateway.webhookSecret, host, WEBHOOK_PATH, text),
    body: text,
  });
}

const AGREEMENT_EVENTS = {
  approve: 'recurring.agreement-activated.v1',
  reject: 'recurring.agreement-rejected.v1',
  stop: 'recurring.agreement-stopped.v1',
} as const;

/** The payer from the page's fields (the made-up one where a field is left empty), as Vipps' userinfo gives it. */
function payerFrom(form: Record<string, string | undefined>): Payer {
  const filled = (name: 'first_name' | 'last_name' | 'email' | 'phone') => form[name]?.trim() || MADE_UP_PAYER[name];
  return {
    ...MADE_UP_PAYER,
    first_name: filled('first_name'),
    last_name: filled('last_name'),
    email: filled('email'),
    phone: filled('phone')
      .replace(/\D/g, '')
      .replace(/^(\d{8})$/, '47$1'),
  };
}

/** The member's decision on the test page; answers where the browser goes next. */
export async function decideTestAgreement(
  deps: VippsDeps,
  recurring: TestAgreements,
  id: string,
  decision: 'approve' | 'reject' | 'stop',
  form: Record<string, string | undefined> = {},
): Promise<string> {
  const agreement = await recurring.agreement(id);
  if (!agreement) throw notFound();
  const waiting = agreement.status === 'PENDING';
  if (decision === 'stop') await recurring.stopInApp(id);
  else await recurring.decide(id, decision, agreement.body.scope ? payerFrom(form) : null);
  await deliver(deps, { agreementId: id, eventType: AGREEMENT_EVENTS[decision], actor: 'USER' });
  // The initial charge goes with the decision: drawn on approval, cancelled on rejection.
  const initial = waiting && decision !== 'stop' ? agreement.charges.find((charge) => charge.type === 'INITIAL') : undefined;
  if (initial) {
    await deliver(deps, {
      agreementId: id,
      chargeId: initial.id,
      chargeType: 'INITIAL',
      amount: initial.amount,
      eventType: decision === 'approve' ? 'recurring.charge-captured.v1' : 'recurring.charge-canceled.v1',
    });
  }
  return decision === 'stop' ? `/api/vipps-test-checkout/agreement/${encodeURIComponent(id)}` : agreement.body.merchantRedirectUrl;
}

/** Vipps' charge run on the test page: the charge is carried out or fails (after its retries). */
export async function decideTestCharge(
  deps: VippsDeps,
  recurring: TestAgreements,
  id: string,
  chargeId: string,
  decision: 'capture' | 'fail',
): Promise<string> {
  const agreement = await recurring.agreement(id);
  const charge = agreement?.charges.find((item) => item.id === chargeId);
  if (!agreement || !charge) throw notFound();
  const status = await recurring.settleCharge(chargeId, decision);
  await deliver(deps, {
    agreementId: id,
    chargeId,
    chargeType: 'RECURRING',
    amount: charge.amount,
    eventType: status === 'CHARGED' ? 'recurring.charge-captured.v1' : 'recurring.charge-failed.v1',
  });
  return `/api/vipps-test-checkout/agreement/${encodeURIComponent(id)}`;
}
