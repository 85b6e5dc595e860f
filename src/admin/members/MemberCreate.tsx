/** '/membership/create-new-user': creates a member; the server refuses a used e-mail and warns of a probable duplicate. */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Create, Form, HttpError, useCreate, useTranslate } from 'react-admin';
import type { Member } from '../../dataProvider/types.ts';
import { paths } from '../paths.ts';
import { useToast } from '../toast.tsx';
import { DuplicateDialog, type Duplicate } from './DuplicateDialog.tsx';
import { MemberInputs } from './MemberInputs.tsx';
import { CREATE_DEFAULTS, toMemberPayload } from './memberForm.ts';
import { memberResolver } from './memberResolver.ts';
import { SubmitButton } from './SubmitButton.tsx';
import { withDateChecks } from '../dates/withDateChecks.ts';
import { fieldErrorsOf } from '../../dataProvider/errors.ts';
import '../../i18n/app/members-pages-nb.ts';

const resolver = withDateChecks(memberResolver('create'), ['birthdate']);

interface CreateErrorBody {
  duplicates?: Duplicate[];
  errors?: Record<string, string[]>;
  data?: { error?: { email?: string[] } };
}

export function MemberCreate() {
  const translate = useTranslate();
  const [createMember] = useCreate<Member>();
  const navigate = useNavigate();
  const toast = useToast();
  const [pending, setPending] = useState<{ payload: Record<string, unknown>; duplicates: Duplicate[] } | null>(null);

  const create = async (payload: Record<string, unknown>) => {
    try {
      // With returnPromise the created member comes back (the type also allows the callback form's void);
      // react-admin reads the member list again itself.
      const data = (await createMember('membership', { data: payload }, { returnPromise: true })) as Member;
      toast.success('app.create.created');
      navigate(paths.editMember(data.id));
      return undefined;
    } catch (error) {
      const body = (error instanceof HttpError ? error.body : null) as CreateErrorBody | null;
      if (error instanceof HttpError && error.status === 409 && body?.duplicates) {
        setPending({ payload, duplicates: body.duplicates });
        return undefined;
      }
      const emailErrors = body?.data?.error?.email ?? [];
      if (emailErrors.length === 0) toast.error('app.errors.generic');
      emailErrors.forEach((message) => toast.error(message));
      return fieldErrorsOf(error);
    }
  };

  return (
    <>
      <Typography variant="h5" component="h1" sx={{ my: 2 }}>
        {translate('app.create.title')}
      </Typography>
      {/* The form's own onSubmit, not Create's save: a probable duplicate must be confirmed first. */}
      <Create resource="membership" title={translate('app.create.title')} actions={false} sx={{ '& .RaCreate-card': { p: { xs: 2, sm: 3 } } }}>
        <Form
          defaultValues={CREATE_DEFAULTS}
          resolver={resolver}
          mode="onChange"
          onSubmit={(values: Record<string, unknown>) => create(toMemberPayload(values, 'create'))}
        >
          <MemberInputs mode="create" />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <SubmitButton label={translate('app.create.submit')} />
          </Box>
        </Form>
      </Create>
      <DuplicateDialog
        duplicates={pending?.duplicates ?? null}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const payload = pending!.payload;
          setPending(null);
          void create({ ...payload, confirm_duplicate: true });
        }}
      />
    </>
  );
}

export default MemberCreate;
