/**
 * The rules of an instrument's documents (receipts, appraisals, photos): the limits the pages name,
 * the messages for each refusal, and the check of an upload's fields. Plain TypeScript without
 * imports, shared by the server and both apps (the browser bundles include it).
 */

export const DOCUMENT_KINDS = ['receipt', 'appraisal', 'photo'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_LIMITS = {
  /** One file's size, as uploaded. */
  fileBytes: 25 * 1024 * 1024,
  /** Documents one instrument may hold. */
  perInstrument: 30,
  /** An image's declared size; a larger one is refused before it is decoded. */
  megapixels: 50,
  /** A stored image's longest side (it is scaled down to this). */
  imageSide: 4000,
  /** A thumbnail's longest side. */
  thumbnailSide: 320,
  /** The highest appraisal value in whole kroner. */
  maxValue: 100_000_000,
} as const;

/** What the file picker offers (the server decides the type from the content, not from this). */
export const DOCUMENT_ACCEPT = 'image/*,application/pdf';

export const DOCUMENT_MESSAGES = {
  fileMissing: 'Velg en fil å laste opp.',
  oneFile: 'Last opp én fil om gangen.',
  tooBig: `Filen er for stor. Den kan være på høyst ${DOCUMENT_LIMITS.fileBytes / 1024 / 1024} MB.`,
  unsupported: 'Filtypen støttes ikke. Last opp et bilde (JPEG, PNG, HEIC eller WebP) eller en PDF.',
  imageTooLarge: `Bildet er for stort: det kan ha høyst ${DOCUMENT_LIMITS.megapixels} megapiksler. Forminsk bildet eller ta det med lavere oppløsning.`,
  imageUnreadable: 'Bildet kan ikke leses. Det kan være skadet; prøv et annet bilde.',
  pdfActive:
    'PDF-en inneholder skript, handlinger eller vedlegg og kan ikke lastes opp. ' +
    'Skriv den ut som en ny PDF («Skriv ut» → «Lagre som PDF») og last opp den.',
  pdfEncrypted: 'PDF-en er kryptert eller passordbeskyttet og kan ikke lastes opp. Lagre en kopi uten passord og last opp den.',
  pdfUnreadable: 'PDF-en kan ikke leses. Den kan være skadet; lagre den på nytt og prøv igjen.',
  tooMany: `Instrumentet har allerede ${DOCUMENT_LIMITS.perInstrument} dokumenter, som er det meste. Slett et dokument før du laster opp et nytt.`,
  kind: 'Velg hva dokumentet er: kvittering, takst eller bilde.',
  valuedOn: 'Oppgi datoen på taksten (åååå-mm-dd).',
  valuedOnFuture: 'Datoen på taksten kan ikke være fram i tid.',
  value: 'Oppgi taksten i hele kroner.',
  onlyAppraisal: 'Dato og verdi hører bare til en takst.',
  instrumentDeleted: 'Instrumentet er slettet, så det kan ikke få nye dokumenter.',
  inClaim: 'Dokumentet er brukt i en skademelding og kan ikke slettes. Det følger saken til den er avsluttet.',
} as const;

/** The same messages in English, for the server's answers to Min side in English. */
export const DOCUMENT_MESSAGES_EN: Readonly<Record<keyof typeof DOCUMENT_MESSAGES, string>> = {
  fileMissing: 'Choose a file to upload.',
  oneFile: 'Upload one file at a time.',
  tooBig: `The file is too large. It can be at most ${DOCUMENT_LIMITS.fileBytes / 1024 / 1024} MB.`,
  unsupported: 'This file type is not supported. Upload a picture (JPEG, PNG, HEIC or WebP) or a PDF.',
  imageTooLarge: `The picture is too large: it can have at most ${DOCUMENT_LIMITS.megapixels} megapixels. Make the picture smaller or take it at a lower resolution.`,
  imageUnreadable: 'The picture cannot be read. It may be damaged; try another picture.',
  pdfActive: 'The PDF contains scripts, actions or attachments and cannot be uploaded. ' + 'Print it as a new PDF ("Print" → "Save as PDF") and upload that.',
  pdfEncrypted: 'The PDF is encrypted or password protected and cannot be uploaded. Save a copy without a password and upload that.',
  pdfUnreadable: 'The PDF cannot be read. It may be damaged; save it again and try once more.',
  tooMany: `The instrument already has ${DOCUMENT_LIMITS.perInstrument} documents, which is the most it can have. Delete a document before you upload a new one.`,
  kind: 'Choose what the document is: receipt, appraisal or photo.',
  valuedOn: 'Give the date of the appraisal (yyyy-mm-dd).',
  valuedOnFuture: 'The date of the appraisal cannot be in the future.',
  value: 'Give the appraised value in whole kroner.',
  onlyAppraisal: 'A date and a value belong only to an appraisal.',
  instrumentDeleted: 'The instrument has been deleted, so it cannot get new documents.',
  inClaim: 'The document is used in a claim and cannot be deleted. It stays with the claim until the claim is closed.',
};

export interface DocumentFieldsInput {
  kind?: unknown;
  valued_on?: unknown;
  value?: unknown;
}

export interface DocumentFields {
  kind: DocumentKind;
  valued_on: string | null;
  value: number | null;
}

const blank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

function validDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && date.getUTCFullYear() >= 1900;
}

/**
 * The upload's fields checked: the kind, and for an appraisal its date (not after `today`,
 * yyyy-mm-dd) and value (whole kroner). Answers the fields or the errors by field.
 */
export function documentFields(input: DocumentFieldsInput, today: string): { fields: DocumentFields } | { errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const kind = typeof input.kind === 'string' ? input.kind.trim() : '';
  if (!(DOCUMENT_KINDS as readonly string[]).includes(kind)) errors.kind = [DOCUMENT_MESSAGES.kind];
  let valuedOn: string | null = null;
  let value: number | null = null;
  if (kind === 'appraisal') {
    const date = blank(input.valued_on) ? '' : String(input.valued_on).trim();
    if (!validDate(date)) errors.valued_on = [DOCUMENT_MESSAGES.valuedOn];
    else if (date > today) errors.valued_on = [DOCUMENT_MESSAGES.valuedOnFuture];
    else valuedOn = date;
    const raw = blank(input.value)
      ? ''
      : String(input.value)
          .trim()
          .replace(/[\s\u00a0]/g, '');
    const number = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(number) || number > DOCUMENT_LIMITS.maxValue) errors.value = [DOCUMENT_MESSAGES.value];
    else value = number;
  } else if (!errors.kind && (!blank(input.valued_on) || !blank(input.value))) {
    errors[blank(input.valued_on) ? 'value' : 'valued_on'] = [DOCUMENT_MESSAGES.onlyAppraisal];
  }
  if (Object.keys(errors).length > 0) return { errors };
  return { fields: { kind: kind as DocumentKind, valued_on: valuedOn, value } };
}
