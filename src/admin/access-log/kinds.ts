import type { TranslateFunction } from 'react-admin';

/** The catalogue key of each kind of access. */
export const kindLabel = (kind: string) => `app.privacy.kinds.${kind}`;

export const personName = (person: { first_name: string | null; last_name: string | null } | null | undefined) =>
  person ? `${person.first_name ?? ''} ${person.last_name ?? ''}`.trim() : '';

/** What an entry says was seen; a list that held the member among others says how many it held. */
export const detailOf = (entry: { detail: string; members_in_list: number | null }, translate: TranslateFunction) =>
  entry.members_in_list ? translate('app.privacy.in_list', { detail: entry.detail, count: entry.members_in_list }) : entry.detail;
