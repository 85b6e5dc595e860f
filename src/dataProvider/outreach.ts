/**
 * Sends to a group ('Utsendelser'): the shapes of the outreach API as its contract gives them, and
 * the calls that are not plain CRUD (preview, test, send, pause/resume/cancel, the report and its
 * failures as xlsx, the SMS estimate), for use through useDataProvider(). Reading, creating and
 * changing a send go through the base provider (resource `outreaches`).
 */
import type { Identifier } from 'react-admin';
import { download, http } from '../common/http.ts';
import { unwrap } from './errors.ts';

export type OutreachKind = 'required' | 'newsletter_2' | 'newsletter_3';
export type OutreachChannel = 'email' | 'sms' | 'email_sms';
export type OutreachState = 'draft' | 'scheduled' | 'sending' | 'paused' | 'cancelled' | 'done';

export interface Outreach {
  id: number;
  segment_id: number | null;
  segment_name: string | null;
  kind: OutreachKind;
  kind_label: string;
  channel: OutreachChannel;
  subject: string;
  body: string;
  sms_text: string | null;
  send_at: string | null;
  state: OutreachState;
  recipient_count: number | null;
  sent: number;
  failed: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** What POST /api/outreach takes (and PATCH, in part). */
export interface OutreachBody {
  segment_id: number;
  kind: OutreachKind;
  channel: OutreachChannel;
  subject: string;
  body: string;
  sms_text: string | null;
  send_at: string | null;
}

export interface OutreachExcluded {
  erased: number;
  blocked: number;
  no_consent: number;
  no_address: number;
}

export interface OutreachPreview {
  member: { id: number; name: string } | null;
  subject: string;
  body: string;
  sms_text: string | null;
  recipients: number;
  excluded: OutreachExcluded;
}

export interface OutreachFailure {
  /** Null once the member is deleted. */
  member_id: number | null;
  name: string;
  channel: 'email' | 'sms';
  address: string | null;
  reason: string;
}

export interface OutreachReport {
  recipients: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
  unsubscribed: number;
  failures: OutreachFailure[];
}

export interface SmsParts {
  characters: number;
  parts: number;
  encoding: 'GSM-7' | 'UCS-2';
}

export type OutreachAction = 'pause' | 'resume' | 'cancel';

export const outreachMethods = {
  /** The send filled in for a member (the first recipient by name without one), with who it reaches and who is left out. */
  async outreachPreview(id: Identifier, memberId?: number, signal?: AbortSignal): Promise<OutreachPreview> {
    return unwrap(await http.get<{ data: OutreachPreview }>(`/api/outreach/${id}/preview`, {
      query: memberId ? { member_id: String(memberId) } : {},
      signal,
    })).data;
  },

  /** Sends the send to the signed-in staff user (and their phone when it has SMS); answers the server's words. */
  async outreachTest(id: Identifier): Promise<string> {
    return unwrap(await http.post<{ data: { message: string } }>(`/api/outreach/${id}/test`)).data.message;
  },

  /**
   * Starts the send (or schedules it) for the count staff confirmed; 409 `{ message, count }` when
   * the group now holds another number.
   */
  async outreachSend(id: Identifier, confirmCount: number): Promise<Outreach> {
    return unwrap(await http.post<{ data: Outreach }>(`/api/outreach/${id}/send`, { confirm_count: confirmCount })).data;
  },

  async outreachAction(id: Identifier, action: OutreachAction): Promise<Outreach> {
    return unwrap(await http.post<{ data: Outreach }>(`/api/outreach/${id}/${action}`)).data;
  },

  async outreachReport(id: Identifier, signal?: AbortSignal): Promise<OutreachReport> {
    return unwrap(await http.get<{ data: OutreachReport }>(`/api/outreach/${id}/report`, { signal })).data;
  },

  /** Saves the send's failed messages as a spreadsheet. */
  async outreachFailuresExport(id: Identifier): Promise<void> {
    unwrap(await download(`/api/outreach/${id}/report/export`, `utsendelse-${id}-feil.xlsx`));
  },

  /** How long an SMS text is in characters and parts, and which alphabet it needs. */
  async smsParts(text: string, signal?: AbortSignal): Promise<SmsParts> {
    return unwrap(await http.post<{ data: SmsParts }>('/api/outreach/sms-parts', { text }, { signal })).data;
  },
};

export type OutreachMethods = typeof outreachMethods;
