/**
 * The reference data's names (migration 002) in English: the products and the instrument types.
 * Each carries the Norwegian name it was given, so a name staff have changed since has no
 * English and is shown as it is (Min side marks it as Norwegian). Plain TypeScript without
 * imports: the browser bundles include it.
 */

export interface ReferenceName {
  readonly id: number;
  readonly nb: string;
  readonly en: string;
}

export const PRODUCT_NAMES: readonly ReferenceName[] = [
  { id: 1, nb: 'Reiseforsikring Europa', en: 'Travel insurance Europe' },
  { id: 2, nb: 'Reiseforsikring Verden', en: 'Travel insurance Worldwide' },
  { id: 3, nb: 'Medlemskap', en: 'Membership' },
  { id: 4, nb: 'Instrumentforsikring', en: 'Instrument insurance' },
];

export const INSTRUMENT_TYPE_NAMES: readonly ReferenceName[] = [
  { id: 1, nb: 'Gitar', en: 'Guitar' },
  { id: 2, nb: 'Bass', en: 'Bass' },
  { id: 3, nb: 'Trommer og perkusjon', en: 'Drums and percussion' },
  { id: 4, nb: 'Keyboard og piano', en: 'Keyboard and piano' },
  { id: 5, nb: 'Fiolin og strykeinstrumenter', en: 'Violin and strings' },
  { id: 6, nb: 'Blåseinstrument', en: 'Wind instrument' },
  { id: 7, nb: 'Vokal', en: 'Vocals' },
  { id: 8, nb: 'PA og lydutstyr', en: 'PA and sound equipment' },
  { id: 9, nb: 'Studio- og opptaksutstyr', en: 'Studio and recording equipment' },
  { id: 10, nb: 'Annet instrument', en: 'Other instrument' },
];

/** The English of a Norwegian name from the list, or null when the list does not know it. */
export const englishName = (names: readonly ReferenceName[], nb: string): string | null => names.find((name) => name.nb === nb)?.en ?? null;
