-- Where a page of the member overview starts, without walking every row before it: the members
-- counted per block of 1 000 account ids (from the overview's shares of migration 011, so they
-- count exactly what the overview lists). A page in the middle of the unfiltered list in id order
-- finds its block from these few rows, then walks at most one block.

CREATE TABLE member_list_blocks (
  block integer PRIMARY KEY,
  members integer NOT NULL
);

INSERT INTO member_list_blocks (block, members)
SELECT account_id / 1000, sum(members) FROM list_count_shares GROUP BY 1 HAVING sum(members) <> 0;

-- The shares change in one statement per refresh; each block's count moves by the difference, the
-- blocks taken in order so two writers never wait on each other in a circle.
CREATE FUNCTION member_list_blocks_after_shares() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO member_list_blocks AS b (block, members)
    SELECT account_id / 1000, sum(members) FROM new_rows GROUP BY 1 HAVING sum(members) <> 0 ORDER BY 1
    ON CONFLICT (block) DO UPDATE SET members = b.members + EXCLUDED.members;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO member_list_blocks AS b (block, members)
    SELECT n.account_id / 1000, sum(n.members - o.members)
      FROM new_rows n JOIN old_rows o ON o.account_id = n.account_id
     GROUP BY 1 HAVING sum(n.members - o.members) <> 0 ORDER BY 1
    ON CONFLICT (block) DO UPDATE SET members = b.members + EXCLUDED.members;
  ELSE
    INSERT INTO member_list_blocks AS b (block, members)
    SELECT account_id / 1000, -sum(members) FROM old_rows GROUP BY 1 HAVING sum(members) <> 0 ORDER BY 1
    ON CONFLICT (block) DO UPDATE SET members = b.members + EXCLUDED.members;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION member_list_blocks_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM member_list_blocks;
  RETURN NULL;
END
$$;

CREATE TRIGGER member_list_blocks_insert AFTER INSERT ON list_count_shares
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_list_blocks_after_shares();
CREATE TRIGGER member_list_blocks_update AFTER UPDATE ON list_count_shares
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_list_blocks_after_shares();
CREATE TRIGGER member_list_blocks_delete AFTER DELETE ON list_count_shares
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_list_blocks_after_shares();
CREATE TRIGGER member_list_blocks_truncate AFTER TRUNCATE ON list_count_shares
  FOR EACH STATEMENT EXECUTE FUNCTION member_list_blocks_after_truncate();
