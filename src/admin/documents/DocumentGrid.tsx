/** Documents as a list of tiles, wrapping to the width there is (two a row on a phone). */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Document } from '../../dataProvider/index.ts';
import { DocumentTile, TILE_WIDTH } from './DocumentTile.tsx';

export function DocumentGrid({
  documents,
  label,
  empty,
  onDelete,
}: {
  documents: readonly Document[];
  /** The list's name for screen readers ('Dokumentene til Fender Stratocaster'). */
  label: string;
  /** Shown instead of the list when there are none. */
  empty: string;
  /** Given when the staff user may delete; a document a claim carries says why it stays instead. */
  onDelete?: (document: Document) => void;
}) {
  if (documents.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 1 }}>
        {empty}
      </Typography>
    );
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(140px, ${TILE_WIDTH}px))`, gap: 1.5 }}
    >
      {documents.map((document) => (
        <DocumentTile key={document.id} document={document} onDelete={onDelete} />
      ))}
    </Box>
  );
}
