/**
 * Telling a database that cannot be reached (PostgreSQL restarting, the network gone, the
 * server refusing connections) from a statement that failed: the first is answered 503 with a
 * plain reason and the request can be tried again; the second is a 500.
 */

/** The message a request gets while the database cannot be reached. */
export const DATABASE_UNAVAILABLE = 'Databasen er ikke tilgjengelig akkurat nå. Prøv igjen om litt.';

/** Socket errors of a connection that could not be made or was lost. */
const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'den nekter tilkobling',
  ECONNRESET: 'forbindelsen ble brutt',
  EPIPE: 'forbindelsen ble brutt',
  ETIMEDOUT: 'den svarte ikke i tide',
  EHOSTUNREACH: 'maskinen kan ikke nås',
  ENETUNREACH: 'nettverket kan ikke nås',
  ENOTFOUND: 'vertsnavnet finnes ikke',
  EAI_AGAIN: 'vertsnavnet kunne ikke slås opp',
};

/** node-postgres's own messages for a connection that ended or could not be made in time. */
const DRIVER_MESSAGES: [RegExp, string][] = [
  [/^Connection terminated/, 'forbindelsen ble brutt'],
  [/timeout exceeded when trying to connect/, 'den svarte ikke i tide'],
  [/connection error and is not queryable/, 'forbindelsen ble brutt'],
];

/**
 * Why the database cannot be reached, in Norwegian (for /api/health and the log), or null when
 * `error` is not about reaching it. Names no host or address: /api/health is public.
 */
export function unreachableReason(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (code in NETWORK_CODES) return NETWORK_CODES[code];
    // SQLSTATE: class 08 is a connection exception; 57P01–57P03 the server stopping or starting; 53300 no free connection.
    if (code.startsWith('08')) return 'forbindelsen ble brutt';
    if (code === '57P01' || code === '57P02') return 'den stenges ned eller starter på nytt';
    if (code === '57P03') return 'den starter opp og tar ikke imot tilkoblinger ennå';
    if (code === '53300') return 'den har ingen ledige tilkoblinger';
  }
  if (typeof message === 'string') {
    for (const [pattern, reason] of DRIVER_MESSAGES) if (pattern.test(message)) return reason;
  }
  // An AggregateError (a host with several addresses, each refused) carries the reasons inside.
  const inner = (error as { errors?: unknown }).errors;
  if (Array.isArray(inner)) return inner.map(unreachableReason).find((reason) => reason !== null) ?? null;
  return null;
}
