/** The member forms' resolver, which fetches yup and the member schema when the form first validates. */
import type { FieldValues, Resolver } from 'react-hook-form';
import type { MemberFormMode } from './memberForm.ts';

/**
 * The form's resolver: the member schema for `mode`, fetched with yup on the first validation
 * (typing or sending) and kept; until then the page carries neither.
 */
export function memberResolver<T extends FieldValues>(mode: MemberFormMode): Resolver<T> {
  let loaded: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    loaded ??= Promise.all([import('./memberSchema.ts'), import('@hookform/resolvers/yup')]).then(
      ([schemas, resolvers]) => resolvers.yupResolver(schemas.memberSchema(mode)) as unknown as Resolver<T>,
    );
    return (await loaded)(values, context, options);
  };
}
