-- The cells of an imported row that hold a formula with no saved value (their positions), so the
-- preview can name them as errors where their column is read, instead of taking '' for them.
ALTER TABLE member_import_rows ADD COLUMN unsaved jsonb;
