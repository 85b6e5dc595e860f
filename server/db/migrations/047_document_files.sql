-- Stored document files (DATA_DIR/documents or S3) that no document row names, waiting to be
-- removed from the store. The store is outside the database, so a file cannot go in the same
-- transaction as its row: its key is written here in the transaction instead, and the file is
-- removed after the commit (domain/documents/files.ts), or by the hourly clean-up when that failed.
--   'upload':  written before an upload stores its bytes and deleted in the transaction that
--              inserts the document; one left behind (a crash between the two) is older than an
--              hour when the clean-up removes it.
--   'deleted': a document row went (deleted, erased, or with its instrument or account): its
--              files are removed at once.
CREATE TABLE document_files_to_remove (
  key text PRIMARY KEY,
  reason text NOT NULL CHECK (reason IN ('upload', 'deleted')),
  since timestamptz NOT NULL DEFAULT now()
);

-- Every way a document row goes (DELETE, or a cascade from its instrument or account) leaves its
-- files' keys here, so no stored file outlives its row for long.
CREATE FUNCTION document_files_to_remove_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_files_to_remove (key, reason)
  SELECT key, 'deleted'
    FROM gone, LATERAL (VALUES (gone.storage_key), (gone.thumbnail_key)) AS files (key)
   WHERE key IS NOT NULL
  ON CONFLICT (key) DO UPDATE SET reason = 'deleted', since = now();
  RETURN NULL;
END $$;

CREATE TRIGGER documents_files_to_remove AFTER DELETE ON documents
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION document_files_to_remove_after_delete();
