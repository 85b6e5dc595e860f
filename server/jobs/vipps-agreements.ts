/**
 * Vipps agreements' jobs: the charge job (makes a charge the renewal run planned, once its step has
 * committed) and the hourly poll, the safety net for webhooks that never came (agreements waiting
 * for approval or stopped in the app, open charges, charges not yet made).
 */
import type { Services } from './services.ts';
import { VIPPS_CHARGE_QUEUE } from '../domain/billing/vipps-charges.ts';
import { createChargeAtVipps, pollAgreements, type AgreementDeps } from '../domain/payments/vipps-agreements.ts';

export const VIPPS_AGREEMENT_POLL_QUEUE = 'vipps-agreement-poll';

/** What the agreements' domain needs, from the services. */
export const agreementDeps = (services: Services, log?: AgreementDeps['log']): AgreementDeps => ({
  db: services.db,
  recurring: services.recurring,
  jobs: services.jobs,
  outbox: services.outbox,
  publicUrl: services.config.publicUrl,
  billing: services.config.billing,
  log,
});

export async function startAgreementJobs(services: Services): Promise<void> {
  const { jobs } = services;
  await jobs.start({
    // Making a charge is idempotent (its key and orderId come from the invoice): retried with backoff; the poll picks up what is left.
    [VIPPS_CHARGE_QUEUE]: { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 120, deleteAfterSeconds: 7 * 24 * 60 * 60 },
    [VIPPS_AGREEMENT_POLL_QUEUE]: { retryLimit: 0, expireInSeconds: 15 * 60, deleteAfterSeconds: 24 * 60 * 60 },
  });
  if (!services.recurring) {
    await jobs.unschedule(VIPPS_AGREEMENT_POLL_QUEUE);
    return;
  }
  const deps = agreementDeps(services);
  await jobs.work<{ chargeId: number }>(VIPPS_CHARGE_QUEUE, async ({ chargeId }) => {
    await createChargeAtVipps(deps, chargeId);
  });
  await jobs.work(
    VIPPS_AGREEMENT_POLL_QUEUE,
    async () => {
      await pollAgreements(deps);
    },
    5,
  );
  await jobs.schedule(VIPPS_AGREEMENT_POLL_QUEUE, '29 * * * *');
}
