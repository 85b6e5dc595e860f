/**
 * The embedded test checkout's agreement page (no Vipps settings, never in production): the member
 * approves or rejects an agreement, later stops it "in the app", and a charge on it can be carried
 * out or failed. Each decision is delivered to our own webhook as a recurring event signed like
 * Vipps signs, so the portal follows it by the same code path as with Vipps.
 */
import { escapeHtml } from '../../lib/html.ts';
import { notFound } from '../../lib/http-errors.ts';
import { signWebhook } from '../../adapters/vipps.ts';
import type { TestAgreements } from '../../adapters/vipps-test-agreements.ts';
import type { RecurringGateway } from '../../adapters/vipps.ts';
import { receiveWebhook, WEBHOOK_PATH, type VippsDeps } from './vipps.ts';

export const isTestAgreements = (recurring: RecurringGateway | null): recurring is TestAgreements =>
  Boolean(recurring && 'testCheckout' in recurring);

const kroner = (ore: number) => `${Math.round(ore / 100).toLocaleString('nb-NO').replace(/\s/g, ' ')} kr`;

const STATE_NAMES: Record<string, string> = {
  PENDING: 'Venter på godkjenning', ACTIVE: 'Aktiv', STOPPED: 'Stoppet', EXPIRED: 'Utløpt',
  DUE: 'Forfaller', PROCESSING: 'Behandles', CHARGED: 'Trukket', FAILED: 'Feilet', CANCELLED: 'Kansellert', REFUNDED: 'Refundert',
};

const STYLE = `
  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, sans-serif; background: #f3f1f8; color: #1b1b1b; line-height: 1.5; }
  main { max-width: 28rem; margin: 0 auto; padding: 1rem; }
  .banner { background: #fff3cd; border: 2px solid #8a6d00; color: #3d3000; padding: .75rem 1rem; border-radius: .5rem; font-weight: 600; }
  .card { background: #fff; border-radius: .75rem; padding: 1.25rem; margin-top: 1rem; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  h1 { font-size: 1.5rem; margin: .5rem 0; color: #3a1f7a; }
  h2 { font-size: 1.125rem; margin: 1rem 0 .5rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: .25rem 0; }
  ul { padding: 0; list-style: none; }
  li { border-top: 1px solid #ddd; padding: .5rem 0; }
  .buttons { display: flex; gap: .75rem; margin-top: 1rem; flex-wrap: wrap; }
  button { font: inherit; flex: 1 1 10rem; min-height: 2.75rem; font-size: 1rem; font-weight: 600; border-radius: .375rem; cursor: pointer; }
  .approve { background: #ff5b24; color: #1b1b1b; border: 2px solid #ff5b24; }
  .abort { background: #fff; color: #1b1b1b; border: 2px solid #1b1b1b; }
  a { color: #3a1f7a; }
  :focus-visible { outline: 3px solid #1a4fd6; outline-offset: 2px; }
`;

const page = (title: string, body: string) => `<!doctype html>
<html lang="nb">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="banner" role="note">TESTAVTALE – dette er ikke Vipps, og ingen penger trekkes. Siden finnes bare når Vipps ikke er satt opp.</p>
${body}
</main>
</body>
</html>`;

const button = (action: string, label: string, className: string) =>
  `<form method="post" action="${action}"><div class="buttons"><button class="${className}" type="submit">${escapeHtml(label)}</button></div></form>`;

/** The agreement's test page: approve or reject while it waits, stop it "in the app" while active, and settle its charges. */
export async function testAgreementPage(recurring: TestAgreements, id: string): Promise<string> {
  const agreement = await recurring.agreement(id);
  if (!agreement) throw notFound();
  const action = `/api/vipps-test-checkout/agreement/${encodeURIComponent(id)}`;
  const state = STATE_NAMES[agreement.status] ?? agreement.status;
  const decisions =
    agreement.status === 'PENDING'
      ? `${button(`${action}/approve`, 'Godkjenn avtalen', 'approve')}${button(`${action}/reject`, 'Avvis avtalen', 'abort')}`
      : agreement.status === 'ACTIVE'
        ? button(`${action}/stop`, 'Stopp avtalen i appen', 'abort')
        : '';
  const charges = agreement.charges.length === 0
    ? '<p>Ingen trekk ennå.</p>'
    : `<ul>${agreement.charges.map((charge) => {
        const open = charge.status === 'PENDING' || charge.status === 'DUE' || charge.status === 'PROCESSING';
        const chargeAction = `${action}/charge/${encodeURIComponent(charge.id)}`;
        return `<li><strong>${escapeHtml(charge.description)}</strong>: ${escapeHtml(kroner(charge.amount))}, forfall ${escapeHtml(charge.due)}, ${escapeHtml(STATE_NAMES[charge.status] ?? charge.status)}
${open ? `${button(`${chargeAction}/capture`, 'Gjennomfør trekket', 'approve')}${button(`${chargeAction}/fail`, 'La trekket feile', 'abort')}` : ''}</li>`;
      }).join('')}</ul>`;
  return page(
    'Testavtale med Vipps – Musikerportalen',
    `<div class="card">
<h1>Fast trekk med Vipps (test)</h1>
<p>${escapeHtml(agreement.body.productName)}</p>
<p class="amount">${escapeHtml(kroner(agreement.amount))} per år</p>
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
  await receiveWebhook(deps, { method: 'POST', pathAndQuery: WEBHOOK_PATH, headers: signWebhook(deps.gateway.webhookSecret, host, WEBHOOK_PATH, text), body: text });
}

const AGREEMENT_EVENTS = { approve: 'recurring.agreement-activated.v1', reject: 'recurring.agreement-rejected.v1', stop: 'recurring.agreement-stopped.v1' } as const;

/** The member's decision on the test page; answers where the browser goes next. */
export async function decideTestAgreement(deps: VippsDeps, recurring: TestAgreements, id: string, decision: 'approve' | 'reject' | 'stop'): Promise<string> {
  const agreement = await recurring.agreement(id);
  if (!agreement) throw notFound();
  if (decision === 'stop') await recurring.stopInApp(id);
  else await recurring.decide(id, decision);
  await deliver(deps, { agreementId: id, eventType: AGREEMENT_EVENTS[decision], actor: 'USER' });
  return decision === 'stop' ? `/api/vipps-test-checkout/agreement/${encodeURIComponent(id)}` : agreement.body.merchantRedirectUrl;
}

/** Vipps' charge run on the test page: the charge is carried out or fails (after its retries). */
export async function decideTestCharge(deps: VippsDeps, recurring: TestAgreements, id: string, chargeId: string, decision: 'capture' | 'fail'): Promise<string> {
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
