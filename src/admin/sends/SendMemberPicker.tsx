/**
 * The preview's member picker: react-admin's reference autocomplete over the member overview. Its
 * own chunk (ReferenceInput and the autocomplete, some 15 KB gzip): it loads when staff ask to see
 * the send as another member, not with the page.
 */
import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { AutocompleteInput, Form, ReferenceInput, useTranslate } from 'react-admin';
import type { MemberListItem } from '../../dataProvider/index.ts';
import '../../i18n/app/sends-pages-nb.ts';

export default function SendMemberPicker({ onPick }: { onPick: (memberId: number | undefined) => void }) {
  const translate = useTranslate();
  const place = useRef<HTMLDivElement>(null);
  // Opened by its button: the keyboard goes straight on into the field, once the autocomplete is
  // whole (focused while it mounts, as autoFocus does, its open handler ran before it was set).
  useEffect(() => {
    place.current?.querySelector('input')?.focus();
  }, []);
  return (
    <Box ref={place}>
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
            helperText={false}
            sx={{ maxWidth: 420 }}
          />
        </ReferenceInput>
      </Form>
    </Box>
  );
}
