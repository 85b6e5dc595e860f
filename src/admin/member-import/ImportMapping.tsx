/** The preview's column mapping: each column of the file fed into a field of the register, or skipped. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Form, SelectInput, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { MemberImport } from '../../dataProvider/types.ts';
import '../../i18n/app/member-import-pages-nb.ts';

const FIELDS = [
  'remote_id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'postal_code',
  'postal_area',
  'birthdate',
  'gender',
  'artist_name',
  'primary_instrument_type',
  'invoice_method',
  'invoice_email',
  'membership_start_date',
  'membership_end_date',
  'newsletter_2',
  'newsletter_3',
  'status',
] as const;

/** The mapping's form values: one per column, by position (a header may hold characters a form path cannot). */
const columnSource = (index: number) => `column_${index}`;

function MappingSave() {
  const translate = useTranslate();
  const { isDirty } = useFormState();
  return (
    <Button type="submit" variant="outlined" sx={{ mt: 1 }} disabled={!isDirty}>
      {translate('app.member_import.mapping.save')}
    </Button>
  );
}

export function Mapping({ item, onChange }: { item: MemberImport; onChange: (mapping: Record<string, string | null>) => void }) {
  const translate = useTranslate();
  const choices = FIELDS.map((field) => ({ id: field, name: translate(`app.member_import.fields.${field}`) }));
  const values = Object.fromEntries(item.columns.map((column, index) => [columnSource(index), item.mapping[column] ?? '']));
  const save = (data: Record<string, unknown>) =>
    onChange(
      Object.fromEntries(
        item.columns.map((column, index) => {
          const field = data[columnSource(index)];
          return [column, typeof field === 'string' && field !== '' ? field : null];
        }),
      ),
    );
  return (
    <Box component="section" aria-labelledby="mapping-title" sx={{ mt: 3 }}>
      <Typography id="mapping-title" variant="h6" component="h2">
        {translate('app.member_import.mapping.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.member_import.mapping.help')}
      </Typography>
      {/* Saved values come back as the new record: the form starts again from them. */}
      <Form key={JSON.stringify(item.mapping)} record={values} onSubmit={save}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }, columnGap: 2 }}>
          {item.columns.map((column, index) => (
            <SelectInput
              key={column}
              source={columnSource(index)}
              label={column}
              choices={choices}
              translateChoice={false}
              emptyText="app.member_import.mapping.skip"
              helperText={item.mapping[column] === null ? translate('app.member_import.mapping.unknown') : false}
            />
          ))}
        </Box>
        <MappingSave />
      </Form>
    </Box>
  );
}
