-- The undo of an import runs as a job in steps, each its own transaction: state 'undoing' while it
-- runs. A step reverses the members (and what the import gave them) with ids above undo_after, in
-- id order, and moves undo_after past them in the same transaction, so a restart goes on after the
-- last step written and reverses nothing twice. undo_done of undo_total members is the progress;
-- undo_report gathers the steps' counts and the members kept, and is the undo's report at the end.
ALTER TABLE member_imports DROP CONSTRAINT member_imports_state_check;
ALTER TABLE member_imports ADD CONSTRAINT member_imports_state_check
  CHECK (state IN ('preview', 'running', 'done', 'failed', 'undoing', 'undone'));
ALTER TABLE member_imports ADD COLUMN undo_after integer NOT NULL DEFAULT 0;
ALTER TABLE member_imports ADD COLUMN undo_done integer NOT NULL DEFAULT 0;
ALTER TABLE member_imports ADD COLUMN undo_total integer NOT NULL DEFAULT 0;
-- A step finds its next members without reading all of a large import's items.
CREATE INDEX member_import_items_member ON member_import_items (import_id, member_id);
