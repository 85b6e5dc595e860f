-- Each line of an instrument-insurance subscription insures one instrument, so a change to an
-- instrument's value or a deletion updates exactly its line, and the lines' total stays the sum
-- of the active instruments' values.
ALTER TABLE subscription_lines ADD COLUMN instrument_id integer REFERENCES instruments (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX subscription_lines_instrument ON subscription_lines (instrument_id) WHERE instrument_id IS NOT NULL;

-- Existing lines are paired with the active instruments of their subscription by value and start.
WITH lines AS (
  SELECT l.id, l.subscription_id, l.value, l.subscription_start,
         row_number() OVER (PARTITION BY l.subscription_id, l.value, l.subscription_start ORDER BY l.id) AS n
    FROM subscription_lines l
), insured AS (
  SELECT i.id, i.subscription_id, i.value, i.insurance_start,
         row_number() OVER (PARTITION BY i.subscription_id, i.value, i.insurance_start ORDER BY i.id) AS n
    FROM instruments i
   WHERE i.state = 'active' AND i.subscription_id IS NOT NULL
)
UPDATE subscription_lines sl
   SET instrument_id = insured.id
  FROM lines JOIN insured
    ON insured.subscription_id = lines.subscription_id AND insured.value = lines.value
   AND insured.insurance_start = lines.subscription_start AND insured.n = lines.n
 WHERE sl.id = lines.id;
