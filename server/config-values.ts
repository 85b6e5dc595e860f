/**
 * The rules settings are read by (server/config.ts uses them for every setting), and the settings
 * the supervisor (server/main.ts) needs before it starts the server process. Kept apart from
 * config.ts so the supervisor, which stays in memory beside the server all the time, loads only
 * this small module (about 10 MB less resident memory than loading config.ts and what it imports).
 */

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Ugyldig innstilling ${variable}: ${problem}`);
    this.name = 'ConfigError';
  }
}

export type Env = Record<string, string | undefined>;

export function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `«${raw}» er ikke et heltall`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `må være mellom ${min} og ${max}`);
  return value;
}

export function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  if (['1', 'true', 'yes', 'ja', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'nei', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `«${raw}» er verken 1 eller 0`);
}

export interface SupervisorSettings {
  /** Seconds the event loop or the database may stay stuck before the process is ended for a restart; 0 turns it off. */
  watchdogSeconds: number;
  /** LOW_MEMORY: the server process runs with LOW_MEMORY_NODE_FLAGS (less memory, more CPU). */
  lowMemory: boolean;
}

/**
 * Node flags of the server process.
 * `--max-semi-space-size=16`: V8's young generation grows to 64 MB semi-spaces (128 MB of RSS)
 * under a steady stream of requests; at 16 MB it stays at 32 MB, for a little more collecting
 * (scavenges are short and cost what survives them, not what dies).
 * `--heap-growing-percent=30`: after each full collection the old generation may grow by 30 % of
 * what it kept before the next one, where V8 otherwise lets it grow by up to four times. A
 * 50 000-row member import keeps about 33 MB alive, but the slices it reads and checks live long
 * enough to reach the old generation, and V8 let that garbage pile up to +210 MB of heap before
 * collecting it; with 30 % the import grew the process by +59–70 MB instead of +204–215 MB on
 * PGlite and by +109 instead of +232 MB on PostgreSQL (bench/member-import.ts's functions alone).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=30'];

/**
 * Node flags of the server process under LOW_MEMORY=1 (after SERVER_NODE_FLAGS, so they win). `--liftoff-only`: V8 runs WebAssembly
 * (PGlite's PostgreSQL) with its baseline compiler only; its optimising compiler takes about
 * 600 MB for half a second to compile PostgreSQL's SQL parser, once, in the first seconds of every
 * start, and that is most of the server's peak. Without it the embedded database's heavy
 * statements (scans, searches, exports) cost up to 2.5 times the CPU; primary-key look-ups about
 * the same. `--max-semi-space-size=4`: a young generation of 4 MB semi-spaces instead of V8's
 * larger default, so the JavaScript heap grows less under load, at the cost of more frequent
 * (short) collections.
 */
export const LOW_MEMORY_NODE_FLAGS = ['--liftoff-only', '--max-semi-space-size=4'];

export function supervisorSettings(env: Env = process.env): SupervisorSettings {
  return {
    watchdogSeconds: integer(env, 'WATCHDOG_SECONDS', 120, 0, 3600),
    lowMemory: flag(env, 'LOW_MEMORY', false),
  };
}
