/** The first rows of the file as the preview read them, each mapped field as text: a column fed into the wrong field shows here. */
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { MemberImport } from '../../dataProvider/types.ts';
import '../../i18n/app/member-import-pages-nb.ts';

export function Sample({ item }: { item: MemberImport }) {
  const translate = useTranslate();
  const sample = item.sample ?? [];
  if (sample.length === 0) return null;
  const fields = Object.keys(sample[0].values);
  return (
    <Box component="section" aria-labelledby="sample-title" sx={{ mt: 3 }}>
      <Typography id="sample-title" variant="h6" component="h2">
        {translate('app.member_import.sample.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.member_import.sample.help')}
      </Typography>
      {/* Wide registers scroll inside their box, so the page keeps its width on a phone. */}
      <Box sx={{ overflowX: 'auto' }} tabIndex={0}>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.member_import.errors.row')}</TableCell>
              {fields.map((field) => (
                <TableCell key={field}>{translate(`app.member_import.fields.${field}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {sample.map((row) => (
              <TableRow key={row.row}>
                <TableCell>{row.row}</TableCell>
                {fields.map((field) => {
                  const problem = row.errors.find((error) => error.column === item.columns.find((column) => item.mapping[column] === field));
                  return (
                    <TableCell key={field}>
                      {row.values[field]}
                      {problem && (
                        <Typography component="span" color="error" variant="body2" sx={{ display: 'block' }}>
                          {problem.message}
                        </Typography>
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
