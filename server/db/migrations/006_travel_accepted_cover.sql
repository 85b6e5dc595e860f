-- A member's change to an active travel insurance waits for staff as a pending request; the
-- cover it would replace is kept here, so rejecting the change gives the member that cover back.
ALTER TABLE subscriptions ADD COLUMN accepted_cover jsonb;
