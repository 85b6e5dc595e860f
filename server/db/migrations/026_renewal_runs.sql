-- The renewal run for a year ('Fornyelse'): one row per year, what the last start of it did. The
-- invoices themselves are kept to one per member and year by invoices_one_renewal (migration 019).
CREATE TABLE renewal_runs (
  year integer PRIMARY KEY CHECK (year BETWEEN 2000 AND 2999),
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'done', 'failed')),
  -- The members who were to renew when the run started, and those invoiced by it so far.
  total integer NOT NULL DEFAULT 0 CHECK (total >= 0),
  done integer NOT NULL DEFAULT 0 CHECK (done >= 0),
  amount_ore bigint NOT NULL DEFAULT 0,
  error text,
  started_by integer REFERENCES accounts (id) ON DELETE SET NULL,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
