/**
 * A member chosen by name from the member overview: react-admin's reference autocomplete, each
 * member shown as 'first last (member number)', searched by name as the overview's search does.
 * Stands in a react-admin form under `member_id`; `onPick` hears the chosen member's id.
 */
import { AutocompleteInput, ReferenceInput } from 'react-admin';
import type { MemberListItem } from '../../dataProvider/index.ts';

export const memberOption = (member: MemberListItem) => `${member.first_name} ${member.last_name}${member.remote_id ? ` (${member.remote_id})` : ''}`;

/** The chosen member's id from the field's value, undefined when none is chosen. */
export function memberIdOf(value: unknown): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export function MemberReferenceInput({ label, onPick }: { label: string; onPick?: (memberId: number | undefined) => void }) {
  return (
    <ReferenceInput source="member_id" reference="membership" perPage={25}>
      <AutocompleteInput
        label={label}
        optionText={memberOption}
        filterToQuery={(search: string) => ({ name: search })}
        onChange={onPick && ((value: unknown) => onPick(memberIdOf(value)))}
        helperText={false}
        sx={{ maxWidth: 420 }}
      />
    </ReferenceInput>
  );
}
