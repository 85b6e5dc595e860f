/** How every answer names a person (sender, created_by, validated_by, …): id and name, or null. */
export const personJson = (alias: string): string =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id, 'first_name', ${alias}.first_name, 'last_name', ${alias}.last_name) END`;
