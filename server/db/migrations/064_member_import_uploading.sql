-- An upload is stored in pieces (on PGlite, requests are answered between them): state
-- 'uploading' until its rows are all stored and its first preview made. Such an import is in no
-- list and no read; one left behind by a process that died during an upload is removed by the
-- daily retention run.
ALTER TABLE member_imports DROP CONSTRAINT member_imports_state_check;
ALTER TABLE member_imports ADD CONSTRAINT member_imports_state_check
  CHECK (state IN ('uploading', 'preview', 'running', 'done', 'failed', 'undoing', 'undone'));
