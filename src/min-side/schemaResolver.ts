/**
 * A form's yup resolver that loads yup and the schemas on the form's first validation: they
 * are an eighth of a page's first load, and no form validates before the member types or sends.
 */
import type { Resolver } from 'react-hook-form';
import type { yupResolver } from '@hookform/resolvers/yup';
import type { InferType } from 'yup';

type Schemas = typeof import('./validation.ts');
type Schema = Parameters<typeof yupResolver>[0];
type SchemaResolver<S extends Schema> = Resolver<InferType<S>, unknown, InferType<S>>;

/** The resolver of the schema `pick` chooses from validation.ts. */
export function schemaResolver<S extends Schema>(pick: (schemas: Schemas) => S): SchemaResolver<S> {
  let loaded: Promise<SchemaResolver<S>> | undefined;
  return async (values, context, options) => {
    loaded ??= Promise.all([import('./validation.ts'), import('@hookform/resolvers/yup')]).then(
      ([schemas, resolvers]) => resolvers.yupResolver(pick(schemas)) as SchemaResolver<S>,
    );
    return (await loaded)(values, context, options);
  };
}
