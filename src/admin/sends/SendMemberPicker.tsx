/**
 * The preview's member picker: react-admin's reference autocomplete over the member overview. Its
 * own chunk (ReferenceInput and the autocomplete, some 15 KB gzip): it loads when staff ask to see
 * the send as another member, not with the page.
 */
import { AutocompleteInput, Form, ReferenceInput, useTranslate } from 'react-admin';
import type { MemberListItem } from '../../dataProvider/index.ts';
import '../../i18n/app/sends-pages-nb.ts';

export default function SendMemberPicker({ onPick }: { onPick: (memberId: number | undefined) => void }) {
  const translate = useTranslate();
  return (
    <Form>
      <ReferenceInput source="member_id" reference="membership" perPage={25}>
        <AutocompleteInput
          label={translate('app.sends.preview.member')}
          optionText={(member: MemberListItem) => `${member.first_name} ${member.last_name}${member.remote_id ? ` (${member.remote_id})` : ''}`}
          filterToQuery={(search: string) => ({ name: search })}
          onChange={(value: unknown) => {
            const id = Number(value);
            onPick(Number.isInteger(id) && id > 0 ? id : undefined);
          }}
          // Opened by its button: the keyboard goes straight on into the field.
          TextFieldProps={{ autoFocus: true }}
          helperText={false}
          sx={{ maxWidth: 420 }}
        />
      </ReferenceInput>
    </Form>
  );
}
