/**
 * The success criteria of WCAG 2.2 at levels A and AA (4.1.1 is obsolete in 2.2), with the
 * Norwegian names Uu-tilsynet uses and the English ones. axe tags a rule with the criteria it
 * tests as 'wcag' and the number without dots (1.4.10 is 'wcag1410').
 */
export interface WcagCriterion {
  id: string;
  level: 'A' | 'AA';
  nb: string;
  en: string;
}

const row = (id: string, level: 'A' | 'AA', nb: string, en: string): WcagCriterion => ({ id, level, nb, en });

export const WCAG_CRITERIA: readonly WcagCriterion[] = [
  row('1.1.1', 'A', 'Ikke-tekstlig innhold', 'Non-text Content'),
  row('1.2.1', 'A', 'Bare lyd og bare video (forhåndsinnspilt)', 'Audio-only and Video-only (Prerecorded)'),
  row('1.2.2', 'A', 'Teksting (forhåndsinnspilt)', 'Captions (Prerecorded)'),
  row('1.2.3', 'A', 'Synstolking eller mediealternativ (forhåndsinnspilt)', 'Audio Description or Media Alternative (Prerecorded)'),
  row('1.2.4', 'AA', 'Teksting (direkte)', 'Captions (Live)'),
  row('1.2.5', 'AA', 'Synstolking (forhåndsinnspilt)', 'Audio Description (Prerecorded)'),
  row('1.3.1', 'A', 'Informasjon og relasjoner', 'Info and Relationships'),
  row('1.3.2', 'A', 'Meningsbærende rekkefølge', 'Meaningful Sequence'),
  row('1.3.3', 'A', 'Sensoriske egenskaper', 'Sensory Characteristics'),
  row('1.3.4', 'AA', 'Visningsretning', 'Orientation'),
  row('1.3.5', 'AA', 'Identifiser formål med inndata', 'Identify Input Purpose'),
  row('1.4.1', 'A', 'Bruk av farge', 'Use of Color'),
  row('1.4.2', 'A', 'Styring av lyd', 'Audio Control'),
  row('1.4.3', 'AA', 'Kontrast (minimum)', 'Contrast (Minimum)'),
  row('1.4.4', 'AA', 'Endring av tekststørrelse', 'Resize Text'),
  row('1.4.5', 'AA', 'Bilder av tekst', 'Images of Text'),
  row('1.4.10', 'AA', 'Dynamisk tilpasning (Reflow)', 'Reflow'),
  row('1.4.11', 'AA', 'Kontrast for ikke-tekstlig innhold', 'Non-text Contrast'),
  row('1.4.12', 'AA', 'Tekstavstand', 'Text Spacing'),
  row('1.4.13', 'AA', 'Pekerbevegelse eller fokus på innhold', 'Content on Hover or Focus'),
  row('2.1.1', 'A', 'Tastatur', 'Keyboard'),
  row('2.1.2', 'A', 'Ingen tastaturfelle', 'No Keyboard Trap'),
  row('2.1.4', 'A', 'Hurtigtaster som består av ett tegn', 'Character Key Shortcuts'),
  row('2.2.1', 'A', 'Justerbar hastighet', 'Timing Adjustable'),
  row('2.2.2', 'A', 'Pause, stopp, skjul', 'Pause, Stop, Hide'),
  row('2.3.1', 'A', 'Terskelverdi på maksimalt tre glimt', 'Three Flashes or Below Threshold'),
  row('2.4.1', 'A', 'Hoppe over blokker', 'Bypass Blocks'),
  row('2.4.2', 'A', 'Sidetitler', 'Page Titled'),
  row('2.4.3', 'A', 'Fokusrekkefølge', 'Focus Order'),
  row('2.4.4', 'A', 'Formål med lenke (i kontekst)', 'Link Purpose (In Context)'),
  row('2.4.5', 'AA', 'Flere måter', 'Multiple Ways'),
  row('2.4.6', 'AA', 'Overskrifter og ledetekster', 'Headings and Labels'),
  row('2.4.7', 'AA', 'Synlig fokus', 'Focus Visible'),
  row('2.4.11', 'AA', 'Fokus ikke skjult (minimum)', 'Focus Not Obscured (Minimum)'),
  row('2.5.1', 'A', 'Pekerbevegelser', 'Pointer Gestures'),
  row('2.5.2', 'A', 'Pekeravbrytelse', 'Pointer Cancellation'),
  row('2.5.3', 'A', 'Ledetekst i navn', 'Label in Name'),
  row('2.5.4', 'A', 'Bevegelsesaktivering', 'Motion Actuation'),
  row('2.5.7', 'AA', 'Drabevegelser', 'Dragging Movements'),
  row('2.5.8', 'AA', 'Målstørrelse (minimum)', 'Target Size (Minimum)'),
  row('3.1.1', 'A', 'Språk på siden', 'Language of Page'),
  row('3.1.2', 'AA', 'Språk på deler av innhold', 'Language of Parts'),
  row('3.2.1', 'A', 'Fokus', 'On Focus'),
  row('3.2.2', 'A', 'Inndata', 'On Input'),
  row('3.2.3', 'AA', 'Konsekvent navigering', 'Consistent Navigation'),
  row('3.2.4', 'AA', 'Konsekvent identifikasjon', 'Consistent Identification'),
  row('3.2.6', 'A', 'Konsekvent hjelp', 'Consistent Help'),
  row('3.3.1', 'A', 'Identifikasjon av feil', 'Error Identification'),
  row('3.3.2', 'A', 'Ledetekster eller instruksjoner', 'Labels or Instructions'),
  row('3.3.3', 'AA', 'Forslag ved feil', 'Error Suggestion'),
  row('3.3.4', 'AA', 'Forhindring av feil (juridiske feil, økonomiske feil, datafeil)', 'Error Prevention (Legal, Financial, Data)'),
  row('3.3.7', 'A', 'Overflødig inntasting', 'Redundant Entry'),
  row('3.3.8', 'AA', 'Tilgjengelig autentisering (minimum)', 'Accessible Authentication (Minimum)'),
  row('4.1.2', 'A', 'Navn, rolle, verdi', 'Name, Role, Value'),
  row('4.1.3', 'AA', 'Statusbeskjeder', 'Status Messages'),
];

/** The axe tag of a criterion: 'wcag' and its number without dots. */
export const axeTagOf = (criterionId: string): string => `wcag${criterionId.replaceAll('.', '')}`;
