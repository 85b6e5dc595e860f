/**
 * The sign-in limits. Each attempt is counted before its password is checked, in one statement
 * per counter, so parallel guesses cannot all pass a limit read earlier. Wrong passwords count
 * per e-mail and address together (an attacker elsewhere cannot lock the owner out), per address,
 * and per e-mail from everywhere: past that hourly count an account is not locked but slowed,
 * one guess at a time with a growing wait between them (2, 4, 8 … seconds up to
 * LOGIN_SLOWDOWN_MAX_SECONDS). A browser with the account's device cookie (it signed in to it
 * before) is not slowed by guesses from elsewhere; its own wrong passwords count per cookie.
 * An attempt that comes while the account's wait runs is not refused (that shut the owner out of
 * every new browser): it is `slowed`, its password is checked, and whatever the password the
 * answer is the same second step, an e-mailed code, which only a right password gets mailed. A
 * guess made while the wait runs thus learns nothing, and the owner still gets in.
 * A right password is given back and counts per address only, against its own, higher ceiling
 * (an office behind one address).
 */
import type { Queryable } from '../../db/database.ts';
import type { Config } from '../../config.ts';
import { clear, giveBack, hit, peek, reserve } from '../../lib/rate-limit.ts';
import { tooManyRequests } from '../../lib/http-errors.ts';

/**
 * One address guessing at one account gets this many minutes' worth of tries an hour, so it
 * alone cannot reach the per-account count and slow the owner down.
 */
const PAIR_MINUTES_PER_HOUR = 4;
/** How long an attempt holds the account's gate while its password is checked. */
const GATE_HOLD_SECONDS = 60;

type Limits = Pick<
  Config,
  'loginAttemptsPerMinute' | 'loginAttemptsPerIpPerMinute' | 'loginFailuresPerAccountPerHour' | 'loginSuccessesPerIpPerMinute' | 'loginSlowdownMaxSeconds'
>;

export interface SignInAttempt {
  /**
   * The account's wait was running: the password is checked, but only an e-mailed code may
   * follow, and the answer must be the same whether the password was right or not.
   */
  slowed: boolean;
  /** The password was right: the attempt no longer counts as a failure. */
  succeeded(): Promise<void>;
  /** The password was wrong: past the hour's count, the account's next guess waits longer. */
  failed(): Promise<void>;
}

/** Takes the account's gate when it is open (one attempt at a time); else the seconds until it opens. */
async function takeGate(db: Queryable, key: string): Promise<number | null> {
  const [taken] = await db.query(
    `INSERT INTO rate_limits (key, hits, window_ends) VALUES ($1, 1, now() + make_interval(secs => $2))
     ON CONFLICT (key) DO UPDATE SET hits = rate_limits.hits + 1, window_ends = now() + make_interval(secs => $2)
       WHERE rate_limits.window_ends <= now()
     RETURNING 1`,
    [key, GATE_HOLD_SECONDS],
  );
  if (taken) return null;
  return Math.max(1, (await peek(db, key)).resetIn);
}

async function closeGate(db: Queryable, key: string, seconds: number): Promise<void> {
  await db.query(
    `INSERT INTO rate_limits (key, hits, window_ends) VALUES ($1, 1, now() + make_interval(secs => $2))
     ON CONFLICT (key) DO UPDATE SET window_ends = now() + make_interval(secs => $2)`,
    [key, seconds],
  );
}

/** The wait after the n-th failure past the hour's count: 2, 4, 8 … seconds, at most `max`. */
export const slowdownSeconds = (excess: number, max: number): number => Math.min(max, 2 ** Math.min(excess, 20));

/**
 * Counts a sign-in attempt for this e-mail from this address, or refuses it (429). `device` is
 * the nonce of a valid device cookie for this account, when the browser sent one.
 */
export async function reserveSignIn(db: Queryable, limits: Limits, email: string, ip: string, device: string | null = null): Promise<SignInAttempt> {
  const account = email.trim().toLowerCase();
  const keys = {
    pair: `login:pair:${account}:${ip}`,
    pairHour: `login:pair-hour:${account}:${ip}`,
    account: `login:account:${account}`,
    gate: `login:gate:${account}`,
    device: `login:device:${device}`,
    ipFailures: `login:ip:${ip}`,
    ipSuccesses: `login:ip-ok:${ip}`,
  };
  const successes = await peek(db, keys.ipSuccesses);
  if (successes.hits >= limits.loginSuccessesPerIpPerMinute) {
    throw tooManyRequests(successes.resetIn, limits.loginSuccessesPerIpPerMinute);
  }
  await reserve(db, keys.ipFailures, 60, limits.loginAttemptsPerIpPerMinute);
  await reserve(db, keys.pair, 60, limits.loginAttemptsPerMinute);
  await reserve(db, keys.pairHour, 60 * 60, PAIR_MINUTES_PER_HOUR * limits.loginAttemptsPerMinute);
  let accountHits = 0;
  let holdsGate = false;
  let slowed = false;
  if (device) {
    await reserve(db, keys.device, 60 * 60, PAIR_MINUTES_PER_HOUR * limits.loginAttemptsPerMinute);
  } else {
    accountHits = (await hit(db, keys.account, 60 * 60)).hits;
    if (accountHits > limits.loginFailuresPerAccountPerHour) {
      slowed = (await takeGate(db, keys.gate)) !== null;
      holdsGate = !slowed;
    }
  }
  return {
    slowed,
    async succeeded() {
      await giveBack(db, keys.ipFailures);
      if (device) await giveBack(db, keys.device);
      else await giveBack(db, keys.account);
      if (holdsGate) await clear(db, keys.gate);
      await clear(db, keys.pair);
      await clear(db, keys.pairHour);
      await hit(db, keys.ipSuccesses, 60);
    },
    async failed() {
      // A slowed attempt did not take the gate: the running wait stays as it is, and it does not
      // count towards the next one (as when it was refused).
      if (slowed) await giveBack(db, keys.account);
      if (device || slowed || accountHits < limits.loginFailuresPerAccountPerHour) return;
      const excess = accountHits - limits.loginFailuresPerAccountPerHour + 1;
      await closeGate(db, keys.gate, slowdownSeconds(excess, limits.loginSlowdownMaxSeconds));
    },
  };
}

/**
 * Counts a two-factor code attempt for the account from this address, as passwords are: per
 * account and address a minute, and an hour's count per device when the attempt comes from one
 * the owner used before (a device cookie, or a signed-in session), else per account. So someone
 * who has the password and spends the account's hour of wrong codes from new browsers does not
 * lock the owner's right code out of their own browser. (Each challenge has its own count too:
 * takeChallengeAttempt.) A right code gives its count back.
 */
export async function reserveCodeAttempt(
  db: Queryable,
  limits: Limits,
  accountId: number,
  ip: string,
  device: string | null = null,
): Promise<{ succeeded(): Promise<void> }> {
  const keys = { pair: `2fa:pair:${accountId}:${ip}`, hour: device ? `2fa:device:${device}` : `2fa:account:${accountId}` };
  await reserve(db, keys.pair, 60, limits.loginAttemptsPerMinute);
  await reserve(db, keys.hour, 60 * 60, PAIR_MINUTES_PER_HOUR * limits.loginAttemptsPerMinute);
  return {
    async succeeded() {
      await clear(db, keys.pair);
      await giveBack(db, keys.hour);
    },
  };
}
