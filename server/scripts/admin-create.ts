/**
 * npm run admin:create -- --email x@y.no [--first-name A --last-name B --role 5] [--password-stdin]
 * Creates a staff account. The generated password is shown once, on this terminal only.
 */
import { parseArgs } from 'node:util';
import { text } from 'node:stream/consumers';
import { loadConfig, ConfigError } from '../config.ts';
import type { Queryable } from '../db/database.ts';
import { openDatabase } from '../db/open.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { migrate } from '../db/migrate.ts';
import { hashPassword } from '../lib/passwords.ts';
import { randomSecret } from '../lib/tokens.ts';
import { findAccountByEmail, passwordErrors } from '../domain/accounts/accounts.ts';
import { EMAIL_PATTERN } from '../schemas/rules.ts';

const HELP = `Bruk: npm run admin:create -- --email navn@example.no [valg]

Oppretter en ansatt med tilgang til administrasjonen.

  --email <adresse>     e-postadressen den ansatte logger inn med (påkrevd)
  --first-name <navn>   fornavn (ellers tatt fra e-postadressen)
  --last-name <navn>    etternavn (ellers tatt fra e-postadressen)
  --role <3|4|5>        rolle (3 saksbehandler, 4 økonomi, 5 administrator), 5 om ikke annet er valgt
  --password-stdin      les passordet fra standard inn i stedet for å lage et tilfeldig

Uten --password-stdin lages et sterkt passord som vises én gang her i terminalen.`;

export class AdminCreateError extends Error {}

export interface StaffInput {
  email: string;
  first_name?: string;
  last_name?: string;
  role_id?: number;
  /** When absent, a strong random password is made. */
  password?: string;
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** 'kari.nordmann@…' gives Kari Nordmann: better initials in the staff app than none. */
function namesFromEmail(email: string): [string, string] {
  const [first = '', ...rest] = email
    .split('@')[0]
    .split(/[._-]+/)
    .filter(Boolean);
  return [capitalised(first), rest.map(capitalised).join(' ')];
}

/** Creates the staff account; answers its id and the password it got. */
export async function createStaffAccount(db: Queryable, input: StaffInput): Promise<{ id: number; password: string }> {
  const email = input.email.trim();
  if (!EMAIL_PATTERN.test(email)) throw new AdminCreateError(`«${email}» er ikke en gyldig e-postadresse.`);
  const role = input.role_id ?? 5;
  if (!Number.isInteger(role) || role < 3 || role > 5) throw new AdminCreateError('Rollen må være 3, 4 eller 5.');
  const password = input.password ?? randomSecret(24);
  const problems = passwordErrors(password).password;
  if (problems) throw new AdminCreateError(problems[0]);
  if (await findAccountByEmail(db, email)) {
    throw new AdminCreateError(`Det finnes allerede en konto med e-postadressen ${email}. Ingen konto ble opprettet.`);
  }
  const [first, last] = namesFromEmail(email);
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO accounts (role_id, email, password_hash, first_name, last_name, registration_completed)
     VALUES ($1, $2, $3, $4, $5, 1) RETURNING id`,
    [role, email, await hashPassword(password), input.first_name?.trim() || first, input.last_name?.trim() || last],
  );
  return { id: row.id, password };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      role: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(HELP);
    return;
  }
  if (!values.email) throw new AdminCreateError(`--email mangler.\n\n${HELP}`);
  // Wrong input is refused before the database is opened.
  if (!EMAIL_PATTERN.test(values.email.trim())) throw new AdminCreateError(`«${values.email}» er ikke en gyldig e-postadresse.`);
  if (values.role !== undefined && !/^[345]$/.test(values.role)) throw new AdminCreateError('Rollen må være 3, 4 eller 5.');
  const password = values['password-stdin'] ? (await text(process.stdin)).replace(/\r?\n$/, '') : undefined;

  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    await migrate(db);
    const created = await createStaffAccount(db, {
      email: values.email,
      first_name: values['first-name'],
      last_name: values['last-name'],
      role_id: values.role === undefined ? undefined : Number(values.role),
      password,
    });
    console.log(`Opprettet ansatt ${values.email.trim()} (id ${created.id}, rolle ${values.role ?? 5}).`);
    if (!password) console.log(`Passord (vises bare nå, noter det et trygt sted): ${created.password}`);
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof AdminCreateError || error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
    process.exitCode = 1;
  });
}
