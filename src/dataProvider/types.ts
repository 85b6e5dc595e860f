/** The shapes the staff app reads from /api: the server's schemas, imported as types only. */
export type { PersonRef } from '../../server/schemas/common.ts';
export type { DeclinedMembership, DuplicateRef, MembershipRequest, PendingMembership, RequestMember } from '../../server/schemas/pending-requests.ts';
export type { InstrumentSubscription, Member, MemberListItem, MemberPatch, ProductRef, Subscription, SubscriptionLine } from '../../server/schemas/member.ts';
export type { MemberChange } from '../../server/schemas/member-admin.ts';
export type { InstrumentCategory } from '../../server/schemas/reference.ts';
import type { InstrumentLogEntry, MessageLogEntry, TravelLogEntry } from '../../server/schemas/logs.ts';

/** A message in the log, with how it went out through the job queue (status, attempts, error). */
export type EmailLogEntry = MessageLogEntry;
/** One iteration of an insurance subscription or instrument: a full snapshot and the one before. */
export type InsuranceLogEntry = InstrumentLogEntry | TravelLogEntry;

export type LogResource = 'email-logs' | 'instrument-logs' | 'travel-logs';

export type { EmailTemplate, TemplatePreview } from '../../server/schemas/templates.ts';
import type { RejectBody } from '../../server/schemas/requests.ts';
/** What the reject dialogs send. */
export type RejectValues = RejectBody;
/** Which request a reject dialog is for; it picks the e-mail template the reason starts from. */
export type RejectKind = 'membership' | 'instrument' | 'travel';
export type { Instrument, InstrumentNewBody, InstrumentPatchBody, InstrumentWithIterations, MemberInstruments } from '../../server/schemas/instruments.ts';
export type {
  AdminContentPage,
  AdminDiscountCode,
  Benefit,
  Campaign,
  ProductCategory,
  TemplateTestResult,
  TripletexRun,
} from '../../server/schemas/settings.ts';
export type { ImportAction, ImportLimits, MemberImport } from '../../server/schemas/member-import.ts';
