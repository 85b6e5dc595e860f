/**
 * Sends to a group ('Utsendelser'): the shapes of the outreach API, from the server's schemas
 * (type-only: no schema code reaches the browser), and the calls that are not plain CRUD (preview,
 * test, send, pause/resume/cancel, the report and its failures as xlsx, the SMS estimate), for use
 * through useDataProvider(). Reading, creating and changing a send go through the base provider
 * (resource `outreaches`).
 */
import type { Identifier } from 'react-admin';
import type { Static } from 'typebox';
import { download, http } from '../common/http.ts';
import { unwrap } from './errors.ts';
import type { Excluded, Outreach as OutreachShape, OutreachPreview, OutreachReport, SmsPartsAnswer } from '../../server/schemas/outreach.ts';

export type { OutreachBody, OutreachPreview, OutreachReport, OutreachState } from '../../server/schemas/outreach.ts';
/** A send as the API gives it. */
export type Outreach = OutreachShape;
export type OutreachKind = Outreach['kind'];
export type OutreachChannel = Outreach['channel'];
export type OutreachExcluded = Excluded;
/** One failed message in the report; its member and address are null once the member is deleted. */
export type OutreachFailure = OutreachReport['failures'][number];
export type SmsParts = Static<typeof SmsPartsAnswer>;

/** The buttons of a started or scheduled send (a route each, not a field). */
export type OutreachAction = 'pause' | 'resume' | 'cancel';

export const outreachMethods = {
  /** The send filled in for a member (the first recipient by name without one), with who it reaches and who is left out. */
  async outreachPreview(id: Identifier, memberId?: number, signal?: AbortSignal): Promise<OutreachPreview> {
    return unwrap(
      await http.get<{ data: OutreachPreview }>(`/api/outreach/${id}/preview`, {
        query: memberId ? { member_id: String(memberId) } : {},
        signal,
      }),
    ).data;
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
