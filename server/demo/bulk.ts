/** Many plain members at once, for benchmarks: one set-based statement per batch, no per-row work in JS. */
import type { Database } from '../db/database.ts';
import { FEMALE_NAMES, LAST_NAMES, MALE_NAMES, STREETS } from './names.ts';

const BATCH = 25_000;

// Each generated member picks names, street and postal code by simple arithmetic on its
// series number, so the result is the same every time without a random source.
const INSERT_BATCH = `
WITH lists AS (
  SELECT (SELECT array_agg(v ORDER BY n) FROM json_array_elements_text($2::json) WITH ORDINALITY AS t(v, n)) AS women,
         (SELECT array_agg(v ORDER BY n) FROM json_array_elements_text($5::json) WITH ORDINALITY AS t(v, n)) AS men,
         (SELECT array_agg(v ORDER BY n) FROM json_array_elements_text($3::json) WITH ORDINALITY AS t(v, n)) AS last_names,
         (SELECT array_agg(v ORDER BY n) FROM json_array_elements_text($4::json) WITH ORDINALITY AS t(v, n)) AS streets,
         (SELECT array_agg(code::text ORDER BY code) FROM postal_codes) AS codes,
         (SELECT array_agg(area ORDER BY code) FROM postal_codes) AS areas
), numbered AS (
  SELECT g, nextval(pg_get_serial_sequence('accounts', 'id'))::int AS id,
         nextval('member_number_seq')::int AS remote_id,
         (current_date - (365 + (g * 7919) % 5000))::date AS since
    FROM generate_series(1, $1::int) AS g
), added AS (
  INSERT INTO accounts (id, remote_id, role_id, email, first_name, last_name, phone, address, postal_code, postal_area,
                        birthdate, gender, registration_completed, validated_at, membership_start_date, created_at, updated_at)
  SELECT n.id, n.remote_id, 2, 'medlem' || n.id || '@example.net',
         CASE WHEN n.g % 2 = 0 THEN l.women[1 + (n.g * 31) % cardinality(l.women)] ELSE l.men[1 + (n.g * 31) % cardinality(l.men)] END,
         l.last_names[1 + (n.g * 17 + n.g / 7) % cardinality(l.last_names)],
         (CASE WHEN n.g % 2 = 0 THEN '9' ELSE '4' END) || lpad(((n.g::bigint * 104729 + 1234567) % 10000000)::text, 7, '0'),
         l.streets[1 + (n.g * 13) % cardinality(l.streets)] || ' ' || (1 + n.g % 140),
         l.codes[1 + (n.g * 389) % cardinality(l.codes)],
         l.areas[1 + (n.g * 389) % cardinality(l.codes)],
         date '1950-01-01' + (n.g * 37) % 20000,
         2 - n.g % 2, 1, n.since, n.since, n.since, n.since
    FROM numbered n CROSS JOIN lists l
  RETURNING id, membership_start_date
)
INSERT INTO subscriptions (member_id, product_id, kind, state, value, subscription_start, validated_at, created_at, updated_at)
SELECT id, 3, 'membership', 'active', 1450, membership_start_date, membership_start_date, membership_start_date, membership_start_date
  FROM added`;

/** Adds `count` active members, each with an active membership. */
export async function seedBulkMembers(db: Database, count: number): Promise<void> {
  for (let done = 0; done < count; done += BATCH) {
    const size = Math.min(BATCH, count - done);
    await db.transaction((tx) =>
      tx.query(INSERT_BATCH, [size, JSON.stringify(FEMALE_NAMES), JSON.stringify(LAST_NAMES), JSON.stringify(STREETS), JSON.stringify(MALE_NAMES)]),
    );
  }
}
