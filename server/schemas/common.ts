/** Shared schema primitives: request validation, response serialisation and OpenAPI from one source. */
import { Type, type Static, type TSchema } from 'typebox';
import { EMAIL_PATTERN } from './rules.ts';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const Id = Type.Integer({ minimum: 1 });
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

/** A calendar date as 'YYYY-MM-DD'. */
export const DateOnly = Type.String({ format: 'date', examples: ['2026-01-31'] });
/** A point in time, ISO 8601 with zone. */
export const Timestamp = Type.String({ format: 'date-time' });

/** The forms' own e-mail rule (schemas/rules.ts), so the server refuses exactly what they refuse. */
export const Email = Type.String({ pattern: EMAIL_PATTERN.source, maxLength: 254 });

export const MessageBody = Type.Object({ message: Type.String() });
export type MessageBody = Static<typeof MessageBody>;

export const PersonRef = Type.Object({ id: Type.Integer(), first_name: Type.String(), last_name: Type.String() });
export type PersonRef = Static<typeof PersonRef>;

/** One object answers { data }. */
export const DataOf = <T extends TSchema>(schema: T) => Type.Object({ data: schema });
