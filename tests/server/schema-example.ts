/**
 * A valid example value for a JSON schema of the API document, as the tests that call every
 * route send it: the schema's own example when it has one, else the smallest value its type,
 * format, pattern and bounds allow. `member_id` is always the given member's id.
 */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  examples?: unknown[];
  example?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  nullable?: boolean;
}

export interface ExampleContext {
  /** The member whose id a body's `member_id` carries. */
  memberId: number;
  /** The e-mail a string of format `email` gets, and the first text tried for any string. */
  email: string;
}

export function exampleOf(schema: Schema | undefined, name: string, context: ExampleContext): unknown {
  if (!schema) return undefined;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return exampleOf(branches.find((branch) => branch.type !== 'null') ?? branches[0], name, context);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => exampleOf(part, name, context)));
  switch (schema.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if ((schema.required ?? []).includes(key) || key === 'member_id') out[key] = exampleOf(property, key, context);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => exampleOf(schema.items, name, context));
    case 'integer':
    case 'number':
      if (name === 'member_id') return context.memberId;
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'date') return '2026-06-01';
      if (schema.format === 'date-time') return '2026-06-01T12:00:00.000Z';
      if (schema.format === 'email') return context.email;
      const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
      const candidates = [context.email, '0155', '91234567', '2026-06-01', 'Abcdefgh1', 'abc'];
      const text = candidates.find((candidate) => (!pattern || pattern.test(candidate)) && candidate.length >= (schema.minLength ?? 0));
      return text ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    default:
      return undefined;
  }
}
