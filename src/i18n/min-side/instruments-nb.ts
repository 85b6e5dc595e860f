/**
 * The instrument screen's part of Min side's bokmål catalogue, in a file of its own so it loads
 * with that screen and not with every page (English: instruments-en.ts, same keys by its type).
 */
export const instrumentsNb = {
  pageTitle: 'Instrumentforsikring',
  back: 'Tilbake til Min side',
  tabs: {
    label: 'Instrumentforsikring',
    add: 'Legg til instrumenter',
    active: 'Aktiv forsikring',
    requested: 'Forespørsel',
    deleted: 'Slettede instrumenter',
  },
  addTitle: 'LEGG TIL INSTRUMENTER',
  activeTitle: (count: number) => `DINE AKTIVE INSTRUMENTER (${count})`,
  requestedTitle: (count: number) => `FORESPØRSEL (${count})`,
  deletedTitle: (count: number) => `SLETTEDE INSTRUMENTER (${count})`,
  templateInfo:
    'Vil du forsikre mange instrumenter på en gang? Last ned malen (regneark), fyll den ut og send den på e-post til oss, så legger vi dem inn for deg.',
  templateLink: 'Last ned malen (.xlsx)',
  addRow: 'Legg til instrument',
  removeRow: (number: number) => `Fjern instrument ${number}`,
  newRow: (number: number) => `Nytt instrument ${number}`,
  order: 'Lagre/bestill',
  cancel: 'Avbryt',
  save: 'Lagre',
  chooseType: 'Velg type',
  valueAmount: (amount: string) => `${amount},-`,
  fields: {
    type: 'TYPE INSTRUMENT',
    make: 'FABRIKANT',
    model: 'MODELL',
    serial: 'SERIENUMMER',
    value: 'VERDI',
    start: 'START DATO',
    end: 'STOP DATO',
    deleted: 'SLETTET DATO',
    status: 'STATUS',
    reason: 'BEGRUNNELSE',
  },
  startHint: 'Forsikringen starter i dag.',
  deleteRow: (name: string) => `Slett ${name}`,
  pending: 'Til behandling',
  pendingDelete: 'Sletting til behandling',
  newRequest: 'Ny forespørsel',
  rejected: 'Avvist',
  rejectedTitle: 'AVVISTE FORESPØRSLER',
  activeEmpty: 'Ingen aktive instrumentforsikring',
  requestedEmpty: 'Du har ingen forespørsel av instrumentforsikring.',
  deletedEmpty: 'Du har ingen slettetende instrumenter.',
  changesNote: 'Endringer og sletting av forsikrede instrumenter sendes til oss for behandling. Til da gjelder forsikringen som før.',
  created: 'Opprettet nytt instrument!',
  updated: 'Instrumentene er oppdatert!',
  failed: 'Noe gikk galt!',
  loadFailed: 'Instrumentene kunne ikke hentes akkurat nå.',
  editRow: (name: string) => `Endre ${name}`,
  orderedNote: 'Bestillingen er sendt til oss. Instrumentene står her under «Forespørsel» til vi har behandlet dem, og flyttes så til «Aktiv forsikring».',
};

/** The part's shape: its keys, with any text in each. */
export type InstrumentTexts = typeof instrumentsNb;
