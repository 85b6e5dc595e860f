/** An instrument's documents (receipts, appraisals, photos): the API contract of both apps. */
import { Type, type Static } from 'typebox';
import { DateOnly, Nullable, Timestamp } from './common.ts';
import { DOCUMENT_LIMITS } from './document-rules.ts';

export const DocumentKindSchema = Type.Union([Type.Literal('receipt'), Type.Literal('appraisal'), Type.Literal('photo')], {
  description: 'receipt kvittering, appraisal takst, photo bilde',
});

export const Document = Type.Object({
  id: Type.Integer(),
  instrument_id: Type.Integer(),
  member_id: Type.Integer(),
  kind: DocumentKindSchema,
  valued_on: Nullable(DateOnly),
  value: Nullable(Type.Integer({ description: 'Taksten i hele kroner (bare en takst)' })),
  file_name: Type.String(),
  content_type: Type.Union([Type.Literal('image/jpeg'), Type.Literal('application/pdf')], {
    description: 'Bilder lagres som JPEG (snudd riktig vei, uten kameraets metadata); PDF slik den ble lastet opp',
  }),
  size: Type.Integer({ description: 'Byte, slik filen er lagret' }),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  has_thumbnail: Type.Boolean(),
  in_claim: Type.Boolean({ description: 'Brukt i en skademelding: kan ikke slettes' }),
  created_at: Timestamp,
});
export type Document = Static<typeof Document>;

/** The upload's multipart/form-data fields, for the OpenAPI document (the route reads the parts itself). */
export const DocumentUpload = Type.Object(
  {
    file: Type.String({
      format: 'binary',
      description: `JPEG, PNG, HEIC/HEIF, WebP eller PDF, høyst ${DOCUMENT_LIMITS.fileBytes / 1024 / 1024} MB; typen leses av innholdet, ikke navnet`,
    }),
    kind: DocumentKindSchema,
    valued_on: Type.Optional(Type.String({ format: 'date', description: 'Takstens dato (bare takst, påkrevd der)' })),
    value: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$', description: 'Taksten i hele kroner (bare takst, påkrevd der)' })),
  },
  { required: ['file', 'kind'] },
);
