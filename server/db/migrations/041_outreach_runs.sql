-- A send's delivery runs as one chain of jobs, each queueing the next a minute later. A pause
-- ends the chain and a resume starts a new one; the number says which chain is the live one, so
-- a job of the old chain still waiting when the send is resumed ends instead of doubling the pace.
ALTER TABLE outreaches ADD COLUMN delivery_run integer NOT NULL DEFAULT 0;
