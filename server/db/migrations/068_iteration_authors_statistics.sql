-- The instrument and travel logs show who made each version (UTFØRT AV) by joining the version's
-- created_by to accounts. Migration 065 had these two columns estimated as if every value were
-- distinct; then PostgreSQL no longer expects the few staff members (and members) who make versions
-- to come back row after row, looks each one up anew instead of once (Memoize), and on a register
-- of 10 000 people finds reading the whole log and sorting it cheaper than its newest 25 versions:
-- the travel log's first page read 414 pages instead of 134. With their real statistics again, the
-- logs read their page as before; removing an account checks these two small tables with a plan made
-- for its id, which costs little beside the accounts' own checks that 065 is about.
ALTER TABLE subscription_iterations ALTER COLUMN created_by RESET (n_distinct);
ALTER TABLE instrument_iterations ALTER COLUMN created_by RESET (n_distinct);
ANALYZE subscription_iterations (created_by), instrument_iterations (created_by);
