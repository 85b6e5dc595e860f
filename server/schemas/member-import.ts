/** The member import's API contract: uploads, previews, decisions, commit, undo and history. */
import { Type, type Static } from 'typebox';
import { Nullable, Timestamp } from './common.ts';

export const ImportAction = Type.Union([Type.Literal('skip'), Type.Literal('update'), Type.Literal('fill'), Type.Literal('create')]);
export type ImportAction = Static<typeof ImportAction>;

export const ImportSummary = Type.Object({
  rows: Type.Integer(),
  new: Type.Integer(),
  update: Type.Integer(),
  duplicate: Type.Integer(),
  error: Type.Integer(),
  instruments: Type.Optional(Type.Integer()),
  travel: Type.Optional(Type.Integer()),
  invoices: Type.Optional(Type.Integer({ description: "Åpne fakturaer som blir overført (arket 'Åpne fakturaer')" })),
  invoices_existing: Type.Optional(
    Type.Integer({ description: 'Åpne fakturaer som er overført før (samme medlem og fakturanummer), og som ikke overføres igjen' }),
  ),
  undo: Type.Optional(
    Type.Object({
      undone: Type.Integer(),
      kept: Type.Array(Type.Object({ member_id: Type.Integer(), name: Type.String(), reason: Type.String() })),
    }),
  ),
});

export const MemberImport = Type.Object({
  id: Type.Integer(),
  file_name: Type.String(),
  state: Type.Union([
    Type.Literal('preview'),
    Type.Literal('running'),
    Type.Literal('done'),
    Type.Literal('failed'),
    Type.Literal('undoing'),
    Type.Literal('undone'),
  ]),
  created_at: Timestamp,
  created_by: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  columns: Type.Array(Type.String()),
  mapping: Type.Record(Type.String(), Nullable(Type.String())),
  summary: ImportSummary,
  errors: Type.Array(Type.Object({ row: Type.Integer(), column: Type.String(), message: Type.String(), sheet: Type.Optional(Type.String()) })),
  duplicates: Type.Array(
    Type.Object({
      row: Type.Integer(),
      member_id: Nullable(Type.Integer()),
      of_row: Nullable(Type.Integer()),
      by: Type.Union([Type.Literal('remote_id'), Type.Literal('email'), Type.Literal('phone'), Type.Literal('name_birthdate')]),
      name: Type.String(),
      member_name: Nullable(Type.String()),
      member_number: Nullable(Type.Integer()),
      action: ImportAction,
      create_refused: Type.Optional(Type.String({ description: "Hvorfor 'Opprett likevel' ikke kan velges (e-postadressen er i bruk)" })),
    }),
  ),
  default_action: Nullable(ImportAction),
  send_welcome: Type.Boolean(),
  skip_errors: Type.Boolean({ description: "Importert med radene med feil hoppet over ('Importer resten')" }),
  sample: Type.Optional(
    Type.Array(
      Type.Object({
        row: Type.Integer(),
        values: Type.Record(Type.String(), Type.String()),
        errors: Type.Array(Type.Object({ column: Type.String(), message: Type.String() })),
      }),
      { description: 'Forhåndsvisningen: de første radene slik de ble lest, hvert felt som tekst' },
    ),
  ),
  welcome_sent: Type.Optional(Type.Integer({ description: 'Velkomst-e-poster importen alt har sendt' })),
  progress: Type.Object({ done: Type.Integer(), rows: Type.Integer() }),
  error: Nullable(Type.String()),
  committed_at: Nullable(Timestamp),
  undone_at: Nullable(Timestamp),
  undo_until: Nullable(Timestamp),
});
export type MemberImport = Static<typeof MemberImport>;

export const ImportChangeBody = Type.Object(
  {
    mapping: Type.Optional(Type.Record(Type.String({ maxLength: 300 }), Nullable(Type.String({ maxLength: 60 })))),
    decisions: Type.Optional(Type.Array(Type.Object({ row: Type.Integer({ minimum: 2 }), action: ImportAction }), { maxItems: 50_000 })),
    default_action: Type.Optional(Nullable(ImportAction)),
  },
  { additionalProperties: false },
);

export const ImportCommitBody = Type.Object(
  {
    send_welcome: Type.Boolean(),
    skip_errors: Type.Optional(Type.Boolean({ description: "'Importer resten': radene med feil hoppes over og står i feilrapporten" })),
  },
  { additionalProperties: false },
);

/** The upload's multipart/form-data fields, for the OpenAPI document (the route reads the parts itself). */
export const ImportUpload = Type.Object(
  {
    file: Type.String({ format: 'binary', description: 'Medlemsregisteret: .xlsx eller .csv (UTF-8, semikolon eller komma)' }),
    mapping: Type.Optional(Type.String({ description: 'Valgfritt: JSON-objekt kolonne → felt, for eksempel {"Fornavn":"first_name"}' })),
  },
  { required: ['file'] },
);

/** The limits the import applies, for the page to name (server/domain/members/member-import-limits.ts holds them). */
export const ImportLimits = Type.Object({
  file_mb: Type.Number({ description: 'Største fil, i MB' }),
  rows: Type.Integer({ description: 'Flest rader i medlemsarket' }),
});
export type ImportLimits = Static<typeof ImportLimits>;
