/** The accessibility statement ('Tilgjengelighetserklæring') on Min side, bokmål; statement-en.ts has the same keys. */
import type { CriterionStatus, Solution } from '../../common/a11y/statement-types.ts';

export const statementNb = {
  solutionNames: { member: 'Min side og innmelding', staff: 'ansattportalen' } satisfies Record<Solution, string>,
  pageTitle: (solution: Solution): string => (solution === 'member' ? 'Tilgjengelighetserklæring' : 'Tilgjengelighetserklæring for ansattportalen'),
  appliesTo: {
    member: 'Denne erklæringen gjelder Min side for medlemmer og innmeldingen for nye medlemmer i Musikerportalen, også sidene du når uten å logge inn.',
    staff: 'Denne erklæringen gjelder ansattportalen i Musikerportalen, der de ansatte i organisasjonen behandler medlemmer, forespørsler og forsikringer.',
  } satisfies Record<Solution, string>,
  otherStatement: { member: 'Erklæringen for ansattportalen', staff: 'Erklæringen for Min side og innmelding' } satisfies Record<Solution, string>,
  statusTitle: 'Status',
  summary: (counts: Record<CriterionStatus, number>, total: number) =>
    `Av de ${total} kravene i WCAG 2.2 på nivå A og AA er ${counts.passed} oppfylt i den automatiske kontrollen, ` +
    `${counts.failed} ikke oppfylt, ${counts.review} må kontrolleres manuelt, ${counts.inapplicable} ikke aktuelle ` +
    `på sidene som er kontrollert, og ${counts.untested} er ikke testet automatisk.`,
  method: (axeVersion: string) =>
    `Erklæringen bygger bare på automatisk kontroll med verktøyet axe${axeVersion ? ` (versjon ${axeVersion})` : ''} i portalens nettlesertester, ` +
    'i en bred skjerm (1440 piksler) og en mobilskjerm (390 piksler). Et automatisk verktøy finner bare en del av mulige brudd: ' +
    '«Oppfylt» betyr at axe ikke fant brudd på sidene som er kontrollert, ikke at en person har vurdert hele kravet.',
  tableTitle: 'Krav og status',
  tableCaption: 'Status for hvert krav i WCAG 2.2, nivå A og AA, etter den automatiske kontrollen',
  columns: { criterion: 'Krav', level: 'Nivå', status: 'Status' },
  statuses: {
    passed: 'Oppfylt',
    failed: 'Ikke oppfylt',
    review: 'Må kontrolleres manuelt',
    inapplicable: 'Ikke aktuelt',
    untested: 'Ikke testet automatisk',
  } satisfies Record<CriterionStatus, string>,
  notMetTitle: 'Hva som ikke er i samsvar, og hvorfor',
  noneFailed: 'Den automatiske kontrollen fant ingen brudd på sidene som er kontrollert.',
  failedIntro: 'Den automatiske kontrollen fant disse bruddene. Hvorfor står på engelsk, slik verktøyet beskriver regelen:',
  reviewIntro: 'For disse kravene kunne verktøyet ikke avgjøre alt selv, og en person må kontrollere dem:',
  untested: (count: number) =>
    `${count} krav kan ikke testes automatisk (for eksempel fokusrekkefølge, synlig fokus og feilmeldinger i skjemaer). ` +
    'De står som «Ikke testet automatisk» i tabellen, og erklæringen sier ingenting om dem.',
  ruleOn: (rule: string, pages: string) => `Regel ${rule}, på ${pages}`,
  pagesTitle: 'Sider som er kontrollert',
  pagesIntro: 'Sidene under er kontrollert i de bredder som står bak. «:id» står for et nummer, «:token» for en kode fra en lenke.',
  pageAt: (widths: string) => `${widths} piksler`,
  noPages: 'Ingen sider er kontrollert ennå.',
  feedbackTitle: 'Tilbakemelding og kontakt',
  feedback: 'Fant du noe som ikke virker for deg, eller trenger du innholdet i en annen form? Skriv til oss på',
  answer: 'Vi svarer innen 14 dager.',
  complaint: 'Er du ikke fornøyd med svaret, kan du melde fra til Tilsynet for universell utforming av ikt:',
  checkedTitle: 'Sist kontrollert',
  checked: (date: string) => `Erklæringen ble sist oppdatert ${date}, fra de automatiske testene den dagen.`,
  keptCurrent: 'Hver endring av portalen kjører de samme testene på nytt, og kjøringen feiler hvis denne erklæringen sier mer enn testene viser.',
  and: 'og',
};

export type StatementTexts = typeof statementNb;
