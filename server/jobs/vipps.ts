/** Vipps follow-up: registrations and invoice payments whose webhook never came, or whose capture or refund failed, are settled again. */
import type { Services } from './services.ts';
import { followUpRegistrations } from '../domain/payments/vipps.ts';
import { followUpInvoicePayments } from '../domain/payments/vipps-invoices.ts';

export const VIPPS_FOLLOW_UP_QUEUE = 'vipps-follow-up';

export const vippsFollowUp = (services: Services) => async () => {
  await followUpRegistrations({
    db: services.db,
    outbox: services.outbox,
    gateway: services.vipps,
    recurring: services.recurring,
    publicUrl: services.config.publicUrl,
  });
  await followUpInvoicePayments({
    db: services.db,
    gateway: services.vipps,
    publicUrl: services.config.publicUrl,
    ledger: services.config.tripletex ? services.jobs : null,
  });
};
