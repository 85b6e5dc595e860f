-- message_log_member (member_id, id DESC) already serves every lookup by member, the foreign key's
-- checks on a member's removal included: the second index on member_id (014) only cost every
-- message written an index entry more.
DROP INDEX IF EXISTS message_log_member_id_ref;
