/**
 * 'Takst og dokumentasjon' on the member's instrument page: each active instrument that needs a
 * receipt or an appraisal, with its chip ('Mangler takst', 'Takst utløper …'). Nothing while the
 * member has no active instruments.
 */
import { useId } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { formatAmount } from '../../common/format.ts';
import type { Instrument } from '../../dataProvider/index.ts';
import { ValuationChip } from './ValuationChip.tsx';

export function ValuationSection({ instruments }: { instruments: readonly Instrument[] }) {
  const translate = useTranslate();
  const headingId = useId();
  const needing = instruments.filter((instrument) => instrument.valuation?.needs);
  if (instruments.length === 0 || instruments.every((instrument) => !instrument.valuation)) return null;
  const allOk = needing.every((instrument) => instrument.valuation.state === 'ok');
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 2, mb: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('app.valuation.section.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate(needing.length === 0 ? 'app.valuation.section.none' : allOk ? 'app.valuation.section.all_ok' : 'app.valuation.section.intro')}
      </Typography>
      {needing.length > 0 && (
        <TableContainer tabIndex={0} role="region" aria-label={translate('app.valuation.section.label')}>
          <Table size="small" aria-label={translate('app.valuation.section.label')}>
            <TableHead>
              <TableRow>
                {['instrument', 'value', 'valuation'].map((column) => (
                  <TableCell key={column}>{translate(`app.valuation.list.columns.${column}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {needing.map((instrument) => (
                <TableRow key={instrument.id}>
                  <TableCell>{`${instrument.make} ${instrument.model}`}</TableCell>
                  <TableCell>{`${formatAmount(instrument.value)},-`}</TableCell>
                  <TableCell>
                    <ValuationChip valuation={instrument.valuation} showOk />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
