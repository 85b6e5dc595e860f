/**
 * A group's page: the form beside the live count (below it on a phone). Saving sends the name and
 * the filter with its empty keys left out; the server's field messages show under their fields.
 */
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useFormState } from 'react-hook-form';
import { Form, useCreate, useTranslate, useUpdate } from 'react-admin';
import type { Segment } from '../../dataProvider/index.ts';
import { fieldErrorsOf } from '../../dataProvider/errors.ts';
import { PageTitle } from '../settings/PageTitle.tsx';
import { useToast } from '../toast.tsx';
import { LiveCount } from './LiveCount.tsx';
import { SegmentInputs } from './SegmentInputs.tsx';
import { cleanFilter } from './segmentFilter.ts';
import '../../i18n/app/outreach-pages-nb.ts';

interface Values {
  name?: string;
  filter?: Record<string, unknown>;
}

function SaveButtons() {
  const translate = useTranslate();
  const { isDirty, isValid, isSubmitting } = useFormState();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}>
      <Button component={RouterLink} to="/outreach" disabled={isSubmitting}>
        {translate('app.cancel')}
      </Button>
      <Button type="submit" variant="contained" disabled={!isDirty || !isValid || isSubmitting}>
        {translate('app.save')}
      </Button>
    </Box>
  );
}

export function SegmentForm({ segment }: { segment: Segment | null }) {
  const toast = useToast();
  const navigate = useNavigate();
  const [create] = useCreate<Segment>();
  const [update] = useUpdate<Segment>();
  const creating = segment === null;

  async function save(values: Values) {
    const data = { name: values.name ?? '', filter: cleanFilter(values.filter) };
    try {
      if (creating) await create('segments', { data }, { returnPromise: true });
      else await update('segments', { id: segment.id, data, previousData: segment }, { returnPromise: true });
      toast.success(creating ? 'app.outreach.created' : 'app.outreach.updated');
      navigate('/outreach');
      return undefined;
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (!errors) toast.error('app.errors.generic_bang');
      return errors;
    }
  }

  return (
    <>
      <PageTitle label={creating ? 'app.outreach.create_title' : 'app.outreach.edit_title'} />
      <Form record={segment ? { name: segment.name, filter: segment.filter } : { name: '', filter: {} }} onSubmit={save}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(260px, 1fr)' }, gap: 2, alignItems: 'start' }}>
          <Paper sx={{ p: 2 }}>
            <SegmentInputs />
            <SaveButtons />
          </Paper>
          <LiveCount />
        </Box>
      </Form>
    </>
  );
}
