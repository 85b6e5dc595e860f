/**
 * Synthetic members for measuring (`npm run seed -- --members N`): N people with realistic shares
 * of everything the staff lists show, written set-based (generate_series, one statement per table
 * and batch), so 100 000 people load in about a minute. Each person's kind and extras follow from
 * simple arithmetic on their series number, so two runs of the same size give the same shape.
 *
 * Of every 100 people (mixed, not in runs): 90 members (role 2, active membership), 5 applicants waiting in the
 * membership queue, 3 declined applicants (with the rejection e-mail in the message log), 2 who
 * never finished the sign-up. Of the members, about 8 % have an active travel insurance and 2 %
 * a travel order waiting, 10 % insure one or two instruments, 2 % have an instrument waiting and
 * 1 % a change to an insured one waiting. Everyone has two messages in the log.
 */
import type { Database, Queryable } from '../db/database.ts';
import { FEMALE_NAMES, INSTRUMENTS, LAST_NAMES, MALE_NAMES, STREETS, BAND_FIRST, BAND_SECOND } from './names.ts';

const BATCH = 5_000;

/**
 * The list counters (migration 011) are kept by statement triggers that refresh every account a
 * statement touched through array look-ups; for thousands of new accounts at a time on a large
 * table that costs minutes per batch. Inside each batch's transaction (which locks the tables,
 * so the server must be stopped, as for the other scripts) the seed turns those insert triggers
 * off and adds the batch's shares and counters itself, set-based, by the same rules; the tests
 * compare the result with the migration's own recount.
 */
const COUNTED_TABLES = ['accounts', 'subscriptions', 'instruments'];

const SHARES = `
INSERT INTO list_count_shares (account_id, members, pending_memberships, pending_travel, waiting_instruments,
                               declined_memberships, instruments_requested_at)
SELECT p.id, 1,
       CASE WHEN a.registration_completed = 1 THEN coalesce(m.n, 0) ELSE 0 END,
       coalesce(t.n, 0), coalesce(i.n, 0),
       CASE WHEN a.erased_at IS NULL THEN coalesce(r.n, 0) ELSE 0 END, i.first_at
  FROM seed_people p
  JOIN accounts a ON a.id = p.id AND a.role_id IN (1, 2)
  LEFT JOIN (SELECT s.member_id, count(*)::int AS n FROM subscriptions s JOIN seed_people q ON q.id = s.member_id
              WHERE s.kind = 'membership' AND s.state = 'pending' AND s.deleted_at IS NULL GROUP BY s.member_id) m ON m.member_id = p.id
  LEFT JOIN (SELECT s.member_id, count(*)::int AS n FROM subscriptions s JOIN seed_people q ON q.id = s.member_id
              WHERE s.kind = 'travel' AND s.state = 'pending' AND s.deleted_at IS NULL GROUP BY s.member_id) t ON t.member_id = p.id
  LEFT JOIN (SELECT s.member_id, count(*)::int AS n FROM subscriptions s JOIN seed_people q ON q.id = s.member_id
              WHERE s.kind = 'membership' AND s.state = 'rejected' AND s.deleted_at IS NULL GROUP BY s.member_id) r ON r.member_id = p.id
  LEFT JOIN (SELECT i.member_id, count(*)::int AS n, min(i.created_at) AS first_at FROM instruments i JOIN seed_people q ON q.id = i.member_id
              WHERE i.deleted_at IS NULL AND (i.state = 'requested' OR (i.state = 'active' AND i.requested_change IS NOT NULL))
              GROUP BY i.member_id) i ON i.member_id = p.id`;

const COUNTERS = `
UPDATE list_counts c SET total = c.total + d.n
  FROM (SELECT count(*) FILTER (WHERE s.members > 0) AS members, coalesce(sum(s.pending_memberships), 0) AS memberships,
               coalesce(sum(s.pending_travel), 0) AS travel, count(*) FILTER (WHERE s.waiting_instruments > 0) AS instruments,
               coalesce(sum(s.declined_memberships), 0) AS declined
          FROM list_count_shares s JOIN seed_people p ON p.id = s.account_id) x
  CROSS JOIN LATERAL (VALUES ('members', x.members), ('pending-memberships', x.memberships),
                             ('pending-travel', x.travel), ('pending-instruments', x.instruments),
                             ('declined-memberships', x.declined)) AS d(list, n)
 WHERE c.list = d.list`;

async function insertTriggers(tx: Queryable, action: 'DISABLE' | 'ENABLE'): Promise<void> {
  for (const table of COUNTED_TABLES) await tx.query(`ALTER TABLE ${table} ${action} TRIGGER list_counts_insert`);
}

export interface SeedCounts {
  people: number;
  members: number;
  pendingMemberships: number;
  declinedMemberships: number;
  unfinished: number;
  activeTravel: number;
  pendingTravel: number;
  activeInstruments: number;
  requestedInstruments: number;
  changedInstruments: number;
  messages: number;
}

const jsonArray = (values: readonly unknown[]) => JSON.stringify(values);

const INSTRUMENT_MODELS = Object.entries(INSTRUMENTS).flatMap(([category, models]) =>
  models.map(([make, model]) => ({ category: Number(category), make, model })),
);

/**
 * The batch's people: their account id and kind, and what they have. `g` is the person's number
 * over all runs (so a second run continues the pattern); $1 the first, $2 the batch size.
 */
const PEOPLE = `
CREATE TEMP TABLE seed_people ON COMMIT DROP AS
SELECT p.*,
       CASE WHEN p.kind = 'member' THEN nextval('member_number_seq')::int END AS remote_id,
       (current_date - (30 + (p.g * 7919) % 4000))::date AS since,
       now() - make_interval(days => 1 + (p.g * 13) % 60, mins => (p.g * 7) % 1440) AS applied_at
  FROM (
    SELECT g, nextval(pg_get_serial_sequence('accounts', 'id'))::int AS id,
           CASE WHEN (g * 61) % 100 < 90 THEN 'member' WHEN (g * 61) % 100 < 95 THEN 'pending'
                WHEN (g * 61) % 100 < 98 THEN 'declined' ELSE 'unfinished' END AS kind,
           CASE WHEN (g * 61) % 100 < 90 THEN
             CASE WHEN (g * 37) % 100 < 8 THEN 'active' WHEN (g * 37) % 100 < 10 THEN 'pending' END END AS travel,
           CASE WHEN (g * 61) % 100 < 90 THEN
             CASE WHEN (g * 53) % 100 < 10 THEN 'active' WHEN (g * 53) % 100 < 12 THEN 'requested'
                  WHEN (g * 53) % 100 < 13 THEN 'changed' END END AS instruments
      FROM generate_series($1::int, $1::int + $2::int - 1) AS g
  ) p`;

const ACCOUNTS = `
WITH lists AS (
  SELECT ARRAY(SELECT json_array_elements_text($1::json)) AS women,
         ARRAY(SELECT json_array_elements_text($2::json)) AS men,
         ARRAY(SELECT json_array_elements_text($3::json)) AS last_names,
         ARRAY(SELECT json_array_elements_text($4::json)) AS streets,
         ARRAY(SELECT json_array_elements_text($5::json)) AS band_first,
         ARRAY(SELECT json_array_elements_text($6::json)) AS band_second,
         (SELECT array_agg(code::text ORDER BY code) FROM postal_codes) AS codes,
         (SELECT array_agg(area ORDER BY code) FROM postal_codes) AS areas
)
INSERT INTO accounts (id, remote_id, role_id, email, first_name, last_name, phone, address, postal_code, postal_area,
                      birthdate, gender, artist_name, invoice_method, status, registration_completed, validated_at,
                      membership_start_date, reason_for_rejection, rejected_at, created_at, updated_at)
SELECT p.id, p.remote_id, CASE WHEN p.kind = 'member' THEN 2 ELSE 1 END,
       'medlem' || p.id || '@example.net',
       CASE WHEN p.g % 2 = 0 THEN l.women[1 + (p.g * 31) % cardinality(l.women)] ELSE l.men[1 + (p.g * 31) % cardinality(l.men)] END,
       l.last_names[1 + (p.g * 17 + p.g / 7) % cardinality(l.last_names)],
       (CASE WHEN p.g % 2 = 0 THEN '9' ELSE '4' END) || lpad(((p.g::bigint * 104729 + 1234567) % 10000000)::text, 7, '0'),
       l.streets[1 + (p.g * 13) % cardinality(l.streets)] || ' ' || (1 + p.g % 140),
       l.codes[1 + (p.g * 389) % cardinality(l.codes)],
       l.areas[1 + (p.g * 389) % cardinality(l.codes)],
       date '1950-01-01' + (p.g * 37) % 20000,
       CASE WHEN p.g % 50 = 0 THEN 3 ELSE 2 - p.g % 2 END,
       CASE WHEN p.g % 5 = 0
            THEN l.band_first[1 + (p.g * 7) % cardinality(l.band_first)] || l.band_second[1 + (p.g * 11) % cardinality(l.band_second)] END,
       CASE WHEN p.g % 4 = 0 THEN 'E-faktura' ELSE 'E-post' END,
       CASE WHEN p.kind = 'declined' THEN '2' ELSE '1' END,
       CASE WHEN p.kind = 'unfinished' THEN 0 ELSE 1 END,
       CASE WHEN p.kind = 'member' THEN p.since::timestamptz END,
       CASE WHEN p.kind = 'member' THEN p.since END,
       CASE WHEN p.kind = 'declined' THEN 'Søknaden oppfyller ikke vilkårene for medlemskap.' END,
       CASE WHEN p.kind = 'declined' THEN p.applied_at + interval '1 day' END,
       CASE WHEN p.kind = 'member' THEN p.since::timestamptz ELSE p.applied_at END,
       CASE WHEN p.kind = 'member' THEN p.since::timestamptz ELSE p.applied_at END
  FROM seed_people p CROSS JOIN lists l`;

/** Memberships (active, pending or rejected), travel insurance and the instrument insurance subscriptions. */
const SUBSCRIPTIONS = `
INSERT INTO subscriptions (member_id, product_id, kind, state, value, subscription_start, subscription_end, reason_for_rejection,
                           validated_at, validated_by, rejected_at, rejected_by, created_at, updated_at)
SELECT p.id, 3, 'membership',
       CASE p.kind WHEN 'member' THEN 'active' WHEN 'declined' THEN 'rejected' ELSE 'pending' END,
       1450, CASE WHEN p.kind = 'member' THEN p.since END, NULL,
       CASE WHEN p.kind = 'declined' THEN 'Søknaden oppfyller ikke vilkårene for medlemskap.' END,
       CASE WHEN p.kind = 'member' THEN p.since::timestamptz END, CASE WHEN p.kind = 'member' THEN $1::int END,
       CASE WHEN p.kind = 'declined' THEN p.applied_at + interval '1 day' END, CASE WHEN p.kind = 'declined' THEN $1::int END,
       CASE WHEN p.kind = 'member' THEN p.since::timestamptz ELSE p.applied_at END,
       CASE WHEN p.kind = 'member' THEN p.since::timestamptz ELSE p.applied_at + interval '1 day' END
  FROM seed_people p
UNION ALL
SELECT p.id, 1 + p.g % 2, 'travel', p.travel, CASE WHEN p.g % 2 = 0 THEN 1290 ELSE 1890 END,
       CASE WHEN p.travel = 'active' THEN date_trunc('year', current_date)::date + (p.g % 120) ELSE current_date + (p.g % 30) END,
       (date_trunc('year', current_date) + interval '1 year - 1 day')::date + CASE WHEN p.travel = 'active' THEN 0 ELSE 365 END,
       NULL,
       CASE WHEN p.travel = 'active' THEN p.applied_at END, CASE WHEN p.travel = 'active' THEN $1::int END, NULL, NULL,
       p.applied_at, p.applied_at
  FROM seed_people p WHERE p.travel IS NOT NULL
UNION ALL
SELECT p.id, 4, 'instrument', 'active', 995, p.since + 30, NULL, NULL, p.since::timestamptz + interval '30 days', $1::int, NULL, NULL,
       p.since::timestamptz + interval '30 days', p.since::timestamptz + interval '30 days'
  FROM seed_people p WHERE p.instruments IN ('active', 'changed')`;

/** One or two insured instruments per insuring member, one waiting per requesting member. */
const INSTRUMENT_ROWS = `
WITH models AS (
  SELECT (m ->> 'category')::int AS category, m ->> 'make' AS make, m ->> 'model' AS model, n
    FROM json_array_elements($1::json) WITH ORDINALITY AS t(m, n)
), wanted AS (
  SELECT p.id AS member_id, p.g, p.instruments, p.since, k,
         s.id AS subscription_id
    FROM seed_people p
    CROSS JOIN LATERAL generate_series(1, CASE WHEN p.instruments = 'requested' THEN 1 ELSE 1 + p.g % 2 END) AS k
    LEFT JOIN subscriptions s ON s.member_id = p.id AND s.kind = 'instrument' AND s.state = 'active'
   WHERE p.instruments IS NOT NULL
)
INSERT INTO instruments (member_id, subscription_id, instrument_category, make, model, serial_number, value, insurance_start,
                         state, requested_change, validated_at, validated_by, created_at, updated_at)
SELECT w.member_id, CASE WHEN w.instruments = 'requested' THEN NULL ELSE w.subscription_id END,
       m.category, m.make, m.model, 'SN' || lpad((w.g * 10 + w.k)::text, 8, '0'),
       1000 * (5 + (w.g * 7 + w.k * 13) % 80),
       CASE WHEN w.instruments = 'requested' THEN current_date ELSE w.since + 30 END,
       CASE WHEN w.instruments = 'requested' THEN 'requested' ELSE 'active' END,
       CASE WHEN w.instruments = 'changed' AND w.k = 1 THEN json_build_object('value', 1000 * (10 + w.g % 50))::jsonb END,
       CASE WHEN w.instruments <> 'requested' THEN w.since::timestamptz + interval '30 days' END,
       CASE WHEN w.instruments <> 'requested' THEN $2::int END,
       CASE WHEN w.instruments = 'requested' THEN now() - make_interval(days => 1 + w.g % 20)
            ELSE w.since::timestamptz + interval '30 days' END,
       CASE WHEN w.instruments = 'changed' THEN now() - make_interval(days => 1 + w.g % 10)
            WHEN w.instruments = 'requested' THEN now() - make_interval(days => 1 + w.g % 20)
            ELSE w.since::timestamptz + interval '30 days' END
  FROM wanted w
  JOIN models m ON m.n = 1 + (w.g * 3 + w.k) % (SELECT count(*) FROM models)`;

/** Each insured instrument is a line of its member's instrument subscription (migration 007). */
const LINES = `
INSERT INTO subscription_lines (subscription_id, instrument_id, product_id, quantity, value, subscription_start, validated_by, created_at, updated_at)
SELECT i.subscription_id, i.id, 4, 1, i.value, i.insurance_start, i.validated_by, i.created_at, i.created_at
  FROM instruments i JOIN seed_people p ON p.id = i.member_id
 WHERE i.state = 'active' AND i.subscription_id IS NOT NULL`;

/**
 * Two messages per person: a receipt of the application (or the welcome) and, by kind, the
 * membership card by SMS, a newsletter, or the rejection e-mail the staff user sent when declining.
 */
const MESSAGES = `
INSERT INTO message_log (member_id, channel, subject, email_from, from_name, email_to, content, sender_id, delivery, status, sent_at,
                         content_sanitised)
SELECT p.id, 'email',
       CASE WHEN p.kind = 'member' THEN 'Velkommen som medlem' ELSE 'Vi har mottatt søknaden din' END,
       'post@musikerportalen.no', 'Musikerportalen', 'medlem' || p.id || '@example.net',
       CASE WHEN p.kind = 'member' THEN '<p>Velkommen! Du er nå medlem.</p>' ELSE '<p>Takk for søknaden. Vi behandler den så snart vi kan.</p>' END,
       NULL, 'outbox', 'sent',
       CASE WHEN p.kind = 'member' THEN p.since::timestamptz ELSE p.applied_at END, true
  FROM seed_people p
UNION ALL
SELECT p.id,
       CASE WHEN p.kind = 'member' AND p.g % 3 = 0 THEN 'sms' ELSE 'email' END,
       CASE WHEN p.kind = 'declined' THEN 'Søknaden om medlemskap er avslått'
            WHEN p.kind = 'member' AND p.g % 3 = 0 THEN 'Medlemskort'
            WHEN p.kind = 'member' THEN 'Nyhetsbrev fra Musikerportalen'
            ELSE 'Påminnelse: fullfør registreringen' END,
       CASE WHEN p.kind = 'member' AND p.g % 3 = 0 THEN NULL ELSE 'post@musikerportalen.no' END,
       'Musikerportalen',
       CASE WHEN p.kind = 'member' AND p.g % 3 = 0 THEN '+47' || a.phone ELSE 'medlem' || p.id || '@example.net' END,
       CASE WHEN p.kind = 'declined' THEN '<p>Søknaden oppfyller ikke vilkårene for medlemskap.</p>'
            WHEN p.kind = 'member' AND p.g % 3 = 0 THEN 'Ditt medlemskort: medlemsnummer ' || p.remote_id
            WHEN p.kind = 'member' THEN '<p>Nytt fra organisasjonen denne måneden.</p>'
            ELSE '<p>Du har ikke fullført registreringen din ennå.</p>' END,
       CASE WHEN p.kind = 'declined' THEN $1::int END,
       CASE WHEN p.kind = 'member' AND p.g % 3 = 0 THEN 'sms_gateway' ELSE 'outbox' END,
       'sent',
       CASE WHEN p.kind = 'declined' THEN p.applied_at + interval '1 day 10 seconds'
            WHEN p.kind = 'member' THEN p.since::timestamptz + interval '2 days'
            ELSE p.applied_at + interval '3 days' END, true
  FROM seed_people p JOIN accounts a ON a.id = p.id`;

/** The staff user who handled the synthetic requests: the first staff account, or one made for it. */
async function handlingStaff(db: Queryable): Promise<number> {
  const [existing] = await db.query<{ id: number }>('SELECT id FROM accounts WHERE role_id >= 3 ORDER BY id LIMIT 1');
  if (existing) return existing.id;
  const [made] = await db.query<{ id: number }>(
    `INSERT INTO accounts (role_id, email, first_name, last_name, registration_completed)
     VALUES (3, 'saksbehandler@example.net', 'Siri', 'Saksbehandler', 1) RETURNING id`,
  );
  return made.id;
}

/** The person number the next run starts from, so runs add to each other without repeating. */
async function nextPersonNumber(db: Queryable): Promise<number> {
  const [row] = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM accounts WHERE email LIKE 'medlem%@example.net' AND role_id IN (1, 2)`);
  return row.count + 1;
}

/** Adds `count` synthetic people in batches (one transaction each); `onBatch` hears the progress. */
export async function seedSyntheticMembers(db: Database, count: number, onBatch: (done: number) => void = () => undefined): Promise<void> {
  const staffId = await handlingStaff(db);
  let first = await nextPersonNumber(db);
  for (let done = 0; done < count; done += BATCH) {
    const size = Math.min(BATCH, count - done);
    await db.transaction(async (tx) => {
      await insertTriggers(tx, 'DISABLE');
      await tx.query(PEOPLE, [first, size]);
      await tx.query(ACCOUNTS, [
        jsonArray(FEMALE_NAMES),
        jsonArray(MALE_NAMES),
        jsonArray(LAST_NAMES),
        jsonArray(STREETS),
        jsonArray(BAND_FIRST),
        jsonArray(BAND_SECOND),
      ]);
      await tx.query(SUBSCRIPTIONS, [staffId]);
      await tx.query(INSTRUMENT_ROWS, [jsonArray(INSTRUMENT_MODELS), staffId]);
      await tx.query(LINES);
      await tx.query(MESSAGES, [staffId]);
      await tx.query(SHARES);
      await tx.query(COUNTERS);
      await insertTriggers(tx, 'ENABLE');
    });
    first += size;
    onBatch(done + size);
  }
}

/** What the database holds now, by the same rules the lists use. */
export async function seedCounts(db: Queryable): Promise<SeedCounts> {
  const [row] = await db.query<SeedCounts>(`
    SELECT (SELECT count(*)::int FROM accounts WHERE role_id IN (1, 2)) AS people,
           (SELECT count(*)::int FROM accounts WHERE role_id = 2) AS members,
           (SELECT count(*)::int FROM subscriptions s JOIN accounts a ON a.id = s.member_id
             WHERE s.kind = 'membership' AND s.state = 'pending' AND s.deleted_at IS NULL
               AND a.registration_completed = 1 AND a.role_id IN (1, 2)) AS "pendingMemberships",
           (SELECT count(*)::int FROM subscriptions WHERE kind = 'membership' AND state = 'rejected' AND deleted_at IS NULL) AS "declinedMemberships",
           (SELECT count(*)::int FROM accounts WHERE role_id IN (1, 2) AND registration_completed = 0) AS unfinished,
           (SELECT count(*)::int FROM subscriptions WHERE kind = 'travel' AND state = 'active') AS "activeTravel",
           (SELECT count(*)::int FROM subscriptions WHERE kind = 'travel' AND state = 'pending' AND deleted_at IS NULL) AS "pendingTravel",
           (SELECT count(*)::int FROM instruments WHERE state = 'active' AND deleted_at IS NULL) AS "activeInstruments",
           (SELECT count(*)::int FROM instruments WHERE state = 'requested' AND deleted_at IS NULL) AS "requestedInstruments",
           (SELECT count(*)::int FROM instruments WHERE state = 'active' AND requested_change IS NOT NULL) AS "changedInstruments",
           (SELECT count(*)::int FROM message_log) AS messages`);
  return row;
}
