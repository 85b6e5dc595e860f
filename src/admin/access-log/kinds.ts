/** The catalogue key of each kind of access. */
export const kindLabel = (kind: string) => `app.privacy.kinds.${kind}`;

export const personName = (person: { first_name: string | null; last_name: string | null } | null | undefined) =>
  person ? `${person.first_name ?? ''} ${person.last_name ?? ''}`.trim() : '';
