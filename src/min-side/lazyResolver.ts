/**
 * A form's yup resolver for a schema that loads on the form's first validation (as
 * schemaResolver.ts does for validation.ts): yup stays out of a page's first load.
 */
import type { FieldValues, Resolver } from 'react-hook-form';
import type { yupResolver } from '@hookform/resolvers/yup';

type Schema = Parameters<typeof yupResolver>[0];

/** The resolver of the schema `load` brings; its messages are the form's own keys, shown through its texts. */
export function lazyResolver<Values extends FieldValues, Context = unknown>(load: () => Promise<Schema>): Resolver<Values, Context> {
  let loaded: Promise<Resolver<Values, Context>> | undefined;
  return async (values, context, options) => {
    loaded ??= Promise.all([load(), import('@hookform/resolvers/yup')]).then(
      ([schema, resolvers]) => resolvers.yupResolver(schema) as unknown as Resolver<Values, Context>,
    );
    return (await loaded)(values, context, options);
  };
}
