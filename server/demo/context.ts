/** What every part of the demo data set is built from. */
import type { Random } from './random.ts';

export interface Staff {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

export type MemberState = 'member' | 'blocked' | 'applicant' | 'rejected' | 'incomplete';

export interface DemoMember {
  id: number;
  state: MemberState;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  /** The day the membership started (members) or the application was sent (the others). */
  since: string;
  /** When the application was sent. */
  applied_at: string;
  /** When staff accepted or rejected it, and who. */
  handled_at: string | null;
  handled_by: Staff | null;
  reason_for_rejection: string | null;
  campaign_code: string | null;
  remote_id: number | null;
}

export interface DemoContext {
  random: Random;
  today: string;
  staff: Staff[];
}
