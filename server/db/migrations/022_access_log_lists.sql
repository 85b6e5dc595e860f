-- A list that showed staff several members' data (a page of the member overview, the message log
-- without a filter, an export) is one access_log row naming every member it held: member_id stays
-- NULL, member_ids holds them and row_count how many. One row per request, however long the list,
-- and a member's own log finds it through the GIN index. NULL for an entry about one member.
ALTER TABLE access_log ADD COLUMN member_ids integer[];
CREATE INDEX access_log_member_ids ON access_log USING gin (member_ids);
