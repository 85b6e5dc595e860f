/** Test data for sends to a group: members in a postal area of the test's own, a group of that area, a draft. */
import type { App } from '../../server/app.ts';
import type { Database } from '../../server/db/database.ts';
import { bearer, createAccount, uniqueEmail } from './helpers.ts';

let areas = 0;
/** A postal area no other test's members are in. */
export const uniqueArea = () => `OMRÅDE ${process.pid} ${++areas}`;

export interface MemberOptions {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string | null;
  newsletter_2?: boolean;
  newsletter_3?: boolean;
  blocked?: boolean;
  erased?: boolean;
}

/** A member in `area`; erased ones keep the area, so the group's filter still finds them. */
export async function areaMember(db: Database, area: string, options: MemberOptions = {}) {
  const account = await createAccount(db, {
    first_name: options.first_name ?? 'Kari',
    last_name: options.last_name ?? 'Nordmann',
    email: options.email ?? uniqueEmail('medlem'),
    phone: options.phone ?? null,
    blocked_access: options.blocked ?? false,
  });
  await db.query(`UPDATE accounts SET postal_area = $2, newsletter_2 = $3, newsletter_3 = $4, erased_at = CASE WHEN $5 THEN now() END WHERE id = $1`, [
    account.id,
    area,
    options.newsletter_2 ?? false,
    options.newsletter_3 ?? false,
    options.erased ?? false,
  ]);
  return account;
}

export async function areaGroup(db: Database, area: string): Promise<number> {
  const [row] = await db.query<{ id: number }>("INSERT INTO segments (name, filter) VALUES ($1, jsonb_build_object('postal_area', $1::text)) RETURNING id", [
    area,
  ]);
  return row.id;
}

export interface DraftInput {
  segment_id: number;
  kind?: 'required' | 'newsletter_2' | 'newsletter_3';
  channel?: 'email' | 'sms' | 'email_sms';
  subject?: string;
  body?: string;
  sms_text?: string | null;
  send_at?: string | null;
}

export const draftBody = (input: DraftInput) => ({
  kind: 'newsletter_2',
  channel: 'email',
  subject: 'Hei {first_name}',
  body: '<p>Hei {first_name} {last_name}, velkommen til årsmøtet.</p>',
  ...input,
});

/** Creates a draft through the API and answers it. */
export async function createDraft(app: App, token: string, input: DraftInput) {
  const response = await app.inject({ method: 'POST', url: '/api/outreach', headers: bearer(token), payload: draftBody(input) });
  if (response.statusCode !== 201) throw new Error(`draft: ${response.statusCode} ${response.body}`);
  return response.json().data as { id: number; state: string };
}

/** Sends the draft with the count of its preview confirmed. */
export async function sendDraft(app: App, token: string, id: number) {
  const preview = await app.inject({ url: `/api/outreach/${id}/preview`, headers: bearer(token) });
  const count = preview.json().data.recipients as number;
  const response = await app.inject({ method: 'POST', url: `/api/outreach/${id}/send`, headers: bearer(token), payload: { confirm_count: count } });
  if (response.statusCode !== 200) throw new Error(`send: ${response.statusCode} ${response.body}`);
  return { count, outreach: response.json().data as { id: number; state: string } };
}

/** Polls until `condition` holds (no fixed sleeps). */
export async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
