/** The staff app's data provider: the base conventions plus the typed custom methods. */
import type { DataProvider } from 'react-admin';
import { baseDataProvider } from './base.ts';
import { billingMethods, type BillingMethods } from './billing.ts';
import { claimMethods, type ClaimMethods } from './claims.ts';
import { customMethods, type CustomMethods } from './custom.ts';
import { consentKindMethods, type ConsentKindMethods } from './consent-kinds.ts';
import { documentMethods, type DocumentMethods } from './documents.ts';
import { instrumentMethods, type InstrumentMethods } from './instruments.ts';
import { memberImportMethods, type MemberImportMethods } from './member-import.ts';
import { outreachMethods, type OutreachMethods } from './outreach.ts';
import { segmentMethods, type SegmentMethods } from './segments.ts';
import { staffMethods, type StaffMethods } from './staff.ts';
import { statsMethods, type StatsMethods } from './stats.ts';
import { valuationMethods, type ValuationMethods } from './valuation.ts';

export type StaffDataProvider = DataProvider &
  CustomMethods &
  InstrumentMethods &
  MemberImportMethods &
  BillingMethods &
  SegmentMethods &
  StaffMethods &
  ConsentKindMethods &
  OutreachMethods &
  DocumentMethods &
  ClaimMethods &
  ValuationMethods &
  StatsMethods;

export const dataProvider: StaffDataProvider = {
  ...baseDataProvider,
  ...customMethods,
  ...instrumentMethods,
  ...memberImportMethods,
  ...billingMethods,
  ...segmentMethods,
  ...staffMethods,
  ...consentKindMethods,
  ...outreachMethods,
  ...documentMethods,
  ...claimMethods,
  ...valuationMethods,
  ...statsMethods,
};

export type * from './types.ts';
export type * from './billing-types.ts';
export type { Segment, SegmentCount, SegmentFilter } from './segments.ts';
export type { ConsentKind, ConsentKindsBody } from './consent-kinds.ts';
export type { InstrumentListItem, Valuation, ValuationSettings } from './valuation.ts';
export type {
  Outreach,
  OutreachAction,
  OutreachBody,
  OutreachChannel,
  OutreachExcluded,
  OutreachFailure,
  OutreachKind,
  OutreachPreview,
  OutreachReport,
  OutreachState,
  SmsParts,
} from './outreach.ts';
export type { StatsAnswers, StatsPeriod, StatsSectionName } from './stats.ts';
export type { Document, DocumentKind, DocumentUpload } from './documents.ts';
export type { Claim, ClaimEvent, ClaimKind, ClaimListItem, ClaimOutcome, ClaimPatch, ClaimSnapshot, ClaimState, ClaimTarget, PacketLang } from './claims.ts';
