-- A mail's body as sent, when it carries a secret (a reset or welcome link) the logged copy shows
-- removed. The queue's job names only the message (its id): the secret and the recipient's name
-- stay in this table, which the worker empties once the mail is sent or has failed for good, the
-- hourly clean-up once the link has expired, and an erasure with the message itself (the cascade).
CREATE TABLE message_secrets (
  message_id bigint PRIMARY KEY REFERENCES message_log (id) ON DELETE CASCADE,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX message_secrets_created ON message_secrets (created_at);

-- Mail jobs queued before this change carried the body in the job's data: a waiting one's body
-- moves here, and no job keeps it (pg-boss keeps finished jobs for a while).
DO $$
BEGIN
  IF to_regclass('pgboss.job') IS NOT NULL THEN
    INSERT INTO message_secrets (message_id, body)
    SELECT (j.data ->> 'messageId')::bigint, j.data ->> 'body'
      FROM pgboss.job j JOIN message_log m ON m.id = (j.data ->> 'messageId')::bigint
     WHERE j.name = 'mail' AND j.data ? 'body' AND j.state IN ('created', 'retry', 'active') AND m.status = 'queued'
    ON CONFLICT (message_id) DO NOTHING;
    UPDATE pgboss.job SET data = data - 'body' WHERE name = 'mail' AND data ? 'body';
  END IF;
END
$$;
