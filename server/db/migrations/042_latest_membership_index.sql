-- A member's latest membership, as a group's status filter and the renewal read it for every
-- member of the register: one entry per membership in the order it was made, carrying its state,
-- so each member's is read from the index alone (a group's count at 100 000 members took 260 ms
-- without it).
CREATE INDEX subscriptions_latest_membership ON subscriptions (member_id, id DESC) INCLUDE (state)
  WHERE kind = 'membership' AND deleted_at IS NULL;
