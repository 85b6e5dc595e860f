-- 'Importer resten': staff may commit an import whose rows in error are left out (they stay in its error report).
ALTER TABLE member_imports ADD COLUMN skip_errors boolean NOT NULL DEFAULT false;
