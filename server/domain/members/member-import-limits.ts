/** The member import's limits and the messages it answers with (the routes and the tests read them too). */

export const MEMBER_IMPORT_LIMITS = {
  fileBytes: 20 * 1024 * 1024,
  unzippedBytes: 250 * 1024 * 1024,
  entries: 200,
  ratio: 200,
  rows: 50_000,
  columns: 60,
  cellLength: 255,
  /** Rows of each other sheet ('Instrumenter', 'Reiseforsikring'). */
  otherRows: 50_000,
  undoDays: 30,
} as const;

const MB = (bytes: number) => bytes / 1024 / 1024;

/** The limits as the page names them: the file's size in MB and the rows (one source: MEMBER_IMPORT_LIMITS). */
export function importLimits(): { file_mb: number; rows: number } {
  return { file_mb: MB(MEMBER_IMPORT_LIMITS.fileBytes), rows: MEMBER_IMPORT_LIMITS.rows };
}

export const MEMBER_IMPORT_MESSAGES = {
  notXlsx: 'Filen er ikke en gyldig .xlsx-fil.',
  tooBig: `Filen er for stor (høyst ${MB(MEMBER_IMPORT_LIMITS.fileBytes)} MB).`,
  unpacked: 'Filen pakker seg ut til mer enn et medlemsregister kan være, og blir ikke lest.',
  tooManyRows: `Filen har flere enn ${String(MEMBER_IMPORT_LIMITS.rows).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} rader.`,
  tooManyColumns: `Filen har flere enn ${MEMBER_IMPORT_LIMITS.columns} kolonner.`,
  noSheet: 'Filen har ingen ark.',
  headerOnly: 'Filen har bare en overskriftsrad og ingen medlemmer.',
  noRows: 'Filen har ingen rader.',
  mappingTwice: 'er valgt for flere kolonner',
  mappingUnknown: 'er ikke et felt importen kjenner',
  notPreview: 'Importen er allerede startet.',
  hasErrors: 'Filen har rader med feil. Rett dem i filen og last den opp igjen, eller la kolonnene stå utenfor.',
  nothingToDo: 'Importen har ingen medlemmer å opprette eller oppdatere.',
  notUndoable: 'Bare en fullført import kan angres.',
  undoStopped: 'Angringen stoppet med en feil. Den fortsetter der den slapp når den prøves igjen.',
  undoExpired: `En import kan bare angres i ${MEMBER_IMPORT_LIMITS.undoDays} dager.`,
  cellLength: `er lengre enn ${MEMBER_IMPORT_LIMITS.cellLength} tegn`,
  emailOrPhone: 'raden må ha e-post eller mobil',
  phone: 'ugyldig mobilnummer',
  number: 'må være et helt tall',
  postalCode: 'må være fire sifre',
  postalUnknown: 'ukjent postnummer',
  date: 'ugyldig dato (skriv dd.mm.åååå)',
  birthdateFuture: 'fødselsdatoen er fram i tid',
  gender: 'ukjent kjønn (skriv Mann, Kvinne eller Annet)',
  instrument: 'ukjent instrument',
  invoiceMethod: 'ukjent fakturametode (skriv E-post eller E-faktura)',
  invoiceEmail: 'Fakturametode E-post trenger en e-postadresse',
  yesNo: 'skriv ja eller nei',
  status: 'ukjent status (skriv Aktiv, Søker eller Avvist)',
  endBeforeStart: 'kan ikke være før Medlem fra',
  emailTaken: 'e-postadressen brukes av en annen konto',
  emailInFile: 'samme e-post som rad',
  product: 'ukjent produkt',
  memberUnknown: 'ukjent medlemsnummer (verken i filen eller i portalen)',
  value: 'Verdien må være et helt tall i kroner',
  imported: (file: string, staff: string) => `Importert fra ${file} av ${staff}`,
  undone: 'Import angret',
  changedSince: 'Endret etter importen',
  paidSince: 'En overført faktura er betalt eller kreditert etter importen',
} as const;
