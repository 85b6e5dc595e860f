/**
 * The error answers of the API as the OpenAPI document shows them, and the answers that are
 * files. The docs plugin adds the errors every route can give from what the route declares
 * (its access, its path parameters, its query, its body); a route names only the ones that
 * come from its own work (409, 429, an outside service's 502/503) with `errorResponses`.
 */
import { Type, type TSchema } from 'typebox';

/** Every error: a Norwegian `message`, and for some errors more fields beside it. */
export const ErrorBody = Type.Object({ message: Type.String({ description: 'Meldingen til brukeren, på norsk' }) }, { additionalProperties: true });

/** 422 in Laravel's shape: the first message (and how many more) plus every error by field. */
export const ValidationErrorBody = Type.Object(
  {
    message: Type.String({ description: 'Den første feilen (og hvor mange flere)' }),
    errors: Type.Record(Type.String(), Type.Array(Type.String()), { description: 'Feltnavn → feilmeldingene for feltet' }),
  },
  { additionalProperties: true },
);

/** What each error status means in this API, as the document says it. */
export const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Ugyldig forespørsel: en parameter, et filter eller en sortering som ikke finnes, eller en kropp som ikke kan leses',
  401: 'Ikke innlogget (mangler eller ugyldig token)',
  403: 'Ingen tilgang: feil rolle, sperret konto, totrinnsinnlogging som må slås på først, eller en rettighet den ansatte mangler (right: navnet på den)',
  404: 'Finnes ikke, eller er ikke ditt',
  409: 'Tilstanden tillater det ikke nå (allerede behandlet, en jobb som pågår)',
  413: 'Forespørselen er for stor',
  415: 'Formatet på forespørselen støttes ikke',
  422: 'Ugyldige felt: meldingen og feilene per felt',
  429: 'For mange forsøk: prøv igjen etter Retry-After sekunder',
  500: 'Uventet feil på serveren',
  502: 'En tjeneste utenfor portalen svarte med feil',
  503: 'Ikke tilgjengelig nå: en tjeneste utenfor portalen er ikke satt opp eller svarer ikke, eller serveren har for lite ledig diskplass til å lagre endringer (prøv igjen etter Retry-After sekunder)',
};

const RATE_LIMIT_HEADERS = {
  'retry-after': Type.String({ description: 'Sekunder til neste forsøk' }),
  'x-ratelimit-limit': Type.String({ description: 'Forsøk per periode' }),
  'x-ratelimit-remaining': Type.String({ description: 'Forsøk igjen i perioden (0)' }),
};

/** The response schema of one error status, with its description (and headers for 429). */
export function errorResponse(status: number, body: TSchema = status === 422 ? ValidationErrorBody : ErrorBody): TSchema {
  const description = ERROR_DESCRIPTIONS[status] ?? 'Feil';
  return status === 429 ? { ...body, description, headers: RATE_LIMIT_HEADERS } : { ...body, description };
}

/** The same error as an OpenAPI response object: what the document shows for it. */
export function errorResponseObject(status: number): Record<string, unknown> {
  const { headers, ...schema } = JSON.parse(JSON.stringify(errorResponse(status))) as Record<string, unknown> & {
    headers?: Record<string, { description: string }>;
  };
  return {
    description: schema.description,
    ...(headers
      ? {
          headers: Object.fromEntries(Object.entries(headers).map(([name, { description, ...header }]) => [name, { schema: header, description }])),
        }
      : {}),
    content: { 'application/json': { schema } },
  };
}

/** The route's own error statuses, for its `response`: `{ ...errorResponses(409, 429) }`. */
export function errorResponses(...statuses: number[]): Record<number, TSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponse(status)]));
}

/** A file answer (PDF, zip, spreadsheet, CSV): its media types and what it is. */
export function fileResponse(contentTypes: string[], description: string) {
  return {
    description,
    content: Object.fromEntries(
      contentTypes.map((type) => [type, { schema: type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' } }]),
    ),
  };
}

/** An answer without a body (204). */
export const NoContent = { type: 'null', description: 'Ingen innhold' } as const;
