/**
 * The rights a staff role may hold, named area.action, each with what it lets a staff user do.
 * Every staff route declares the one it needs (`config.right`, plugins/auth.ts); `false` there
 * means any signed-in staff user (their own account, catalogues every form needs).
 */
export const RIGHTS = {
  'members.read': 'Se medlemmer, forespørsler, forsikringer og instrumenter',
  'members.change': 'Endre medlemmer, forsikringer og instrumenter, og sende e-post på nytt',
  'members.export': 'Eksportere lister (medlemmer, forespørsler, fakturaer, Vipps-rapporten)',
  'members.erase': 'Slette medlemmer (anonymisere)',
  'requests.decide': 'Godkjenne, avvise og avslutte forespørsler',
  'cards.send': 'Sende medlemskort',
  'logs.read': 'Se e-post-, forsikrings- og forespørselslogger',
  'billing.read': 'Se fakturaer, innbetalinger, priser og fornyelsen',
  'billing.run': 'Kjøre fornyelse, purring og Tripletex, og endre priser og fakturainnstillinger',
  'payments.register': 'Registrere og plassere innbetalinger, kreditere og utsette purring',
  'templates.change': 'Endre e-postmaler',
  'campaigns.change': 'Endre kampanjekoder og rabattkoder',
  'content.change': 'Endre innholdssider',
  'outreach.send': 'Sende e-post og SMS til mange medlemmer',
  'imports.run': 'Importere medlemsregisteret',
  'stats.read': 'Se nøkkeltall: medlemmer, forespørsler, forsikring, kampanjer og økonomi',
  'staff.administer': 'Administrere ansatte, roller, rettigheter, tilgangslogg og totrinnsinnlogging',
} as const;

export type Right = keyof typeof RIGHTS;
export const RIGHT_NAMES = Object.keys(RIGHTS) as Right[];
export const isRight = (name: string): name is Right => Object.hasOwn(RIGHTS, name);

/** The role every administrator holds; the last active one is kept. */
export const ADMINISTRATOR_ROLE = 5;

/** The 403 a staff user without the route's right gets: the right named, in words and by name. */
export const missingRight = (right: Right) => `Du har ikke tilgang til dette. Det krever retten «${RIGHTS[right]}» (${right}).`;
