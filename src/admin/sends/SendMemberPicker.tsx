/**
 * The preview's member picker: react-admin's reference autocomplete over the member overview. Its
 * own chunk (ReferenceInput and the autocomplete, some 15 KB gzip): it loads when staff ask to see
 * the send as another member, not with the page.
 */
import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import { Form, useTranslate } from 'react-admin';
import { MemberReferenceInput } from '../forms/MemberReferenceInput.tsx';
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
        <MemberReferenceInput label={translate('app.sends.preview.member')} onPick={onPick} />
      </Form>
    </Box>
  );
}
