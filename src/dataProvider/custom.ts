/** The calls that are not plain CRUD, typed, for use through useDataProvider(). */
import type { Identifier } from 'react-admin';
import { download, http } from '../common/http.ts';
import { unwrap } from './errors.ts';
import { exportFilename, formatQuery, type ExportFormat } from './exports.ts';
import { listQuery } from './base.ts';
import { apiPathsOf } from '../common/staff-areas/registry.ts';
import type { EmailLogEntry, RejectKind, RejectValues, Subscription, TemplatePreview, TemplateTestResult, TripletexRun } from './types.ts';

/** The e-mail template each reject dialog starts from (the spec's ids). */
const REJECTION_TEMPLATE: Record<RejectKind, number> = { membership: 1, instrument: 2, travel: 3 };

export const customMethods = {
  /** The menu badges: how many wait in each request queue, by the queue's resource name, in one request. */
  async badgeCounts(): Promise<Record<string, number>> {
    return unwrap(await http.get<{ data: Record<string, number> }>('/api/counters')).data;
  },

  /**
   * Saves a resource's whole filtered list (not one page) as the server streams it, under the
   * area's file name: the CSV, or with 'xlsx' the same list as a spreadsheet (name.xlsx).
   */
  async exportList(resource: string, filter: Record<string, unknown> = {}, format: ExportFormat = 'csv'): Promise<void> {
    const csv = apiPathsOf(resource).csv;
    if (!csv) throw new Error(`${resource} har ingen CSV-eksport`);
    unwrap(await download(csv.path, exportFilename(csv.filename, format), { ...listQuery({ filter }), ...formatQuery(format) }));
  },

  /**
   * Everything the portal holds about one member as a zip (the export Min side gives the member),
   * for answering a request for access; the server records it in the member's access log.
   */
  async downloadMemberData(memberId: Identifier, memberNumber: number | null): Promise<void> {
    unwrap(await download(`/api/member/${memberId}/export`, `opplysninger-medlem-${memberNumber ?? memberId}.zip`));
  },

  async cancelSubscription(subscriptionId: number): Promise<void> {
    unwrap(await http.post(`/api/subscription/cancel/${subscriptionId}`));
  },

  /** Queues a failed message again; the server refuses (409, with a Norwegian message) one that is not failed. */
  async resendMessage(entryId: number): Promise<EmailLogEntry> {
    return unwrap(await http.post<{ data: EmailLogEntry }>(`/api/emails/logs/${entryId}/resend`)).data;
  },

  /** Accepts a membership application or a travel order (409 with a Norwegian message when it is already handled). */
  async acceptRequest(subscriptionId: Identifier, options: { late?: boolean } = {}): Promise<Subscription> {
    const query = options.late ? '?late=true' : '';
    return unwrap(await http.post<{ data: Subscription }>(`/api/subscription/accept/${subscriptionId}${query}`)).data;
  },

  async rejectRequest(subscriptionId: Identifier, values: RejectValues): Promise<Subscription> {
    return unwrap(await http.post<{ data: Subscription }>(`/api/subscription/reject/${subscriptionId}`, values)).data;
  },

  /** Puts a rejected application or order back in its queue. */
  async reopenRequest(subscriptionId: Identifier): Promise<Subscription> {
    return unwrap(await http.post<{ data: Subscription }>(`/api/subscription/reopen/${subscriptionId}`)).data;
  },

  /** Erases the member's personal data; `memberNumber` must be theirs (422 with errors.member_number otherwise). */
  async eraseMember(memberId: Identifier, memberNumber: string): Promise<void> {
    unwrap(await http.post(`/api/member/${memberId}/erase`, { member_number: memberNumber }));
  },

  /** A template filled in for a member, as it would be sent. */
  async templatePreview(templateId: number, memberId: number): Promise<TemplatePreview> {
    return unwrap(
      await http.get<{ data: TemplatePreview }>(`/api/emails/template/${templateId}/preview`, {
        query: { member_id: String(memberId) },
      }),
    ).data;
  },

  /** The text a reject dialog starts from: the kind's rejection template filled in for the member. */
  async rejectionText(kind: RejectKind, memberId: number): Promise<string> {
    return (await customMethods.templatePreview(REJECTION_TEMPLATE[kind], memberId)).html;
  },

  /** Sends a template to the signed-in staff user's own address (filled in for a member when given); it is logged. */
  async sendTemplateTest(templateId: number, memberId?: number): Promise<TemplateTestResult> {
    return unwrap(await http.post<{ data: TemplateTestResult }>(`/api/emails/template/${templateId}/test`, memberId ? { member_id: memberId } : {})).data;
  },

  /** Deletes a campaign code; one in use is ended instead (ended: true). */
  async removeCampaign(id: Identifier): Promise<{ ended: boolean }> {
    const body = unwrap(await http.delete<{ ended: boolean }>(`/api/campaign/${id}`));
    return { ended: body.ended };
  },

  /** Starts a Tripletex sync in the background (or answers the one already running); 503 when Tripletex is not set up. */
  async startTripletexSync(): Promise<TripletexRun> {
    return unwrap(await http.get<{ data: TripletexRun }>('/api/dev/sync-tripletex')).data;
  },

  /** Saves the payment-app report for the range as vipps_registrations.csv, or .xlsx (404 when there is nothing in it). */
  async exportVippsRegistrations(from: string, to: string, format: ExportFormat = 'csv'): Promise<void> {
    unwrap(
      await download('/api/vipps_registration/export', exportFilename('vipps_registrations.csv', format), {
        sort: '-id',
        'filter[created_at_from]': from,
        'filter[created_at_to]': to,
        ...formatQuery(format),
      }),
    );
  },

  /** Saves the invoices paid with Vipps and the Vipps agreement charges of the range as vipps_fakturabetalinger.csv, or .xlsx (404 when there are none). */
  async exportVippsInvoicePayments(from: string, to: string, format: ExportFormat = 'csv'): Promise<void> {
    unwrap(
      await download('/api/invoice/vipps-payments/export', exportFilename('vipps_fakturabetalinger.csv', format), {
        'filter[created_at_from]': from,
        'filter[created_at_to]': to,
        ...formatQuery(format),
      }),
    );
  },
};

export type CustomMethods = typeof customMethods;
