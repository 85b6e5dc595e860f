/** An import's likely duplicates, each with staff's decision; 'Opprett likevel' only where it can work, or why not beside it. */
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Form, SelectInput, useTranslate } from 'react-admin';
import type { ImportAction, MemberImport } from '../../dataProvider/types.ts';
import '../../i18n/app/member-import-pages-nb.ts';

const ACTIONS: ImportAction[] = ['skip', 'update', 'fill', 'create'];

const rowSource = (row: number) => `row_${row}`;

export function Duplicates({
  item,
  onDecide,
  onAll,
}: {
  item: MemberImport;
  onDecide: (row: number, action: ImportAction) => void;
  onAll: (action: ImportAction) => void;
}) {
  const translate = useTranslate();
  if (item.duplicates.length === 0) return null;
  const choices = ACTIONS.map((action) => ({ id: action, name: translate(`app.member_import.duplicates.actions.${action}`) }));
  const values = {
    all: item.default_action ?? 'skip',
    ...Object.fromEntries(item.duplicates.map((duplicate) => [rowSource(duplicate.row), duplicate.action])),
  };
  const match = (duplicate: MemberImport['duplicates'][number]) =>
    duplicate.member_id === null
      ? translate('app.member_import.duplicates.of_row', { row: duplicate.of_row })
      : translate('app.member_import.duplicates.member', { name: duplicate.member_name, number: duplicate.member_number ?? '–' });
  return (
    <Box component="section" aria-labelledby="duplicates-title" sx={{ mt: 3 }}>
      <Typography id="duplicates-title" variant="h6" component="h2">
        {translate('app.member_import.duplicates.title', { count: item.duplicates.length })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.member_import.duplicates.help')}
      </Typography>
      {/* The choice for all is applied with its button; a row's choice is saved as it is made. */}
      <Form key={JSON.stringify(values)} record={values} onSubmit={(data: Record<string, unknown>) => onAll(data.all as ImportAction)}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 1 }}>
          <SelectInput
            source="all"
            label="app.member_import.duplicates.all"
            choices={choices}
            translateChoice={false}
            isRequired
            helperText={false}
            sx={{ width: 280, maxWidth: '100%', '& label span[aria-hidden="true"]': { display: 'none' } }}
          />
          <Button type="submit" variant="outlined">
            {translate('app.member_import.duplicates.all_apply')}
          </Button>
        </Box>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.member_import.duplicates.row')}</TableCell>
                <TableCell>{translate('app.member_import.duplicates.name')}</TableCell>
                <TableCell>{translate('app.member_import.duplicates.match')}</TableCell>
                <TableCell>{translate('app.member_import.duplicates.by')}</TableCell>
                <TableCell>{translate('app.member_import.duplicates.action')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {item.duplicates.map((duplicate) => (
                <TableRow key={duplicate.row}>
                  <TableCell>{duplicate.row}</TableCell>
                  <TableCell>{duplicate.name}</TableCell>
                  <TableCell>
                    {duplicate.member_id === null ? (
                      match(duplicate)
                    ) : (
                      <Link component={RouterLink} to={`/membership/edit/${duplicate.member_id}`}>
                        {match(duplicate)}
                      </Link>
                    )}
                  </TableCell>
                  <TableCell>{translate(`app.member_import.duplicates.by_${duplicate.by}`)}</TableCell>
                  <TableCell>
                    <SelectInput
                      source={rowSource(duplicate.row)}
                      label={false}
                      choices={duplicate.create_refused ? choices.map((choice) => (choice.id === 'create' ? { ...choice, disabled: true } : choice)) : choices}
                      translateChoice={false}
                      isRequired
                      hiddenLabel
                      helperText={
                        duplicate.create_refused ? translate('app.member_import.duplicates.create_refused', { reason: duplicate.create_refused }) : false
                      }
                      margin="none"
                      sx={{ minWidth: 200 }}
                      slotProps={{
                        select: {
                          SelectDisplayProps: {
                            'aria-label': `${translate('app.member_import.duplicates.action')} ${translate('app.member_import.duplicates.row')} ${duplicate.row}`,
                          },
                        } as never,
                      }}
                      onChange={(event) => onDecide(duplicate.row, (event as { target: { value: string } }).target.value as ImportAction)}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Form>
    </Box>
  );
}
