/**
 * The sign-in limits. Each attempt is counted before its password is checked, in one statement
 * per counter, so parallel guesses cannot all pass a limit read earlier. Wrong passwords count
 * per e-mail and address together (an attacker elsewhere cannot lock the owner out), per e-mail
 * against a much higher ceiling (guesses spread over many addresses), and per address. A right
 * password is given back (the pair's count starts over) and counts per address only, against
 * its own, higher ceiling (an office behind one address).
 */
import type { Queryable } from '../db/database.ts';
import type { Config } from '../config.ts';
import { clear, giveBack, hit, peek, reserve } from '../lib/rate-limit.ts';
import { tooManyRequests } from '../lib/http-errors.ts';

/**
 * One address guessing at one account gets this many minutes' worth of tries an hour, so it
 * alone cannot reach the per-account ceiling and lock the owner out.
 */
const PAIR_MINUTES_PER_HOUR = 4;

type Limits = Pick<
  Config,
  'loginAttemptsPerMinute' | 'loginAttemptsPerIpPerMinute' | 'loginFailuresPerAccountPerHour' | 'loginSuccessesPerIpPerMinute'
>;

export interface SignInAttempt {
  /** The password was right: the attempt no longer counts as a failure. */
  succeeded(): Promise<void>;
}

export async function reserveSignIn(db: Queryable, limits: Limits, email: string, ip: string): Promise<SignInAttempt> {
  const account = email.trim().toLowerCase();
  const keys = {
    pair: `login:pair:${account}:${ip}`,
    pairHour: `login:pair-hour:${account}:${ip}`,
    account: `login:account:${account}`,
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
  await reserve(db, keys.account, 60 * 60, limits.loginFailuresPerAccountPerHour);
  return {
    async succeeded() {
      await giveBack(db, keys.ipFailures);
      await giveBack(db, keys.account);
      await clear(db, keys.pair);
      await clear(db, keys.pairHour);
      await hit(db, keys.ipSuccesses, 60);
    },
  };
}
