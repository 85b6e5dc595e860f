-- Mail and SMS are sent by the job queue: a logged message is queued, then sent or failed.
-- The defaults describe rows written before the queue, which were sent in the request.
ALTER TABLE message_log
  ADD COLUMN status text NOT NULL DEFAULT 'sent' CHECK (status IN ('queued', 'sent', 'failed')),
  ADD COLUMN attempts integer NOT NULL DEFAULT 1,
  -- The logged copy had a secret (a reset link, a code) taken out: it cannot be sent again from the log.
  ADD COLUMN redacted boolean NOT NULL DEFAULT false;
UPDATE message_log SET status = 'failed' WHERE delivery = 'failed';
