-- When a send's delivery chain last ran (or was started). A chain that stops without finishing
-- (its job used up its retries, or was lost with its server) leaves a send 'sending' with members
-- still waiting: the minute's scheduled job starts a new chain for a send whose chain has not run
-- for ten minutes, where one run a minute is the rule.
ALTER TABLE outreaches ADD COLUMN last_run_at timestamptz;
CREATE INDEX outreaches_sending ON outreaches (last_run_at) WHERE state = 'sending';
