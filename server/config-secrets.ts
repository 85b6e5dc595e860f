/** The secrets: the key for two-factor secrets and device cookies, the metrics token, the card's signing keys. */
import { createPrivateKey } from 'node:crypto';
import { ConfigError, type Env } from './config-values.ts';
import { optional } from './config-read.ts';

export interface CardSigningKey {
  /** The key id the token carries, 1–255. */
  id: number;
  /** PKCS#8 DER, base64. */
  privateKey: string;
}

export function secretKey(env: Env): string | null {
  const value = optional(env, 'SECRET_KEY');
  if (value !== null && value.length < 32) throw new ConfigError('SECRET_KEY', 'må være minst 32 tegn (for eksempel fra openssl rand -base64 32)');
  return value;
}

/** A bearer token (RFC 6750's characters), long enough not to be guessed. */
export function metricsToken(env: Env): string | null {
  const value = optional(env, 'METRICS_TOKEN');
  if (value === null) return null;
  if (!/^[A-Za-z0-9._~+/=-]+$/.test(value))
    throw new ConfigError('METRICS_TOKEN', 'kan bare ha bokstaver a–z, sifre og tegnene . _ ~ + / = - (for eksempel fra openssl rand -hex 32)');
  if (value.length < 24) throw new ConfigError('METRICS_TOKEN', 'må være minst 24 tegn (for eksempel fra openssl rand -hex 32)');
  return value;
}

/** `id:base64` entries (PKCS#8 DER of an Ed25519 private key), comma separated; the first signs, all verify. */
export function cardSigningKeys(env: Env): CardSigningKey[] {
  const raw = optional(env, 'CARD_SIGNING_KEY');
  if (raw === null) return [];
  const keys = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^(\d{1,3}):([A-Za-z0-9+/_-]+={0,2})$/.exec(entry);
      if (!match || Number(match[1]) < 1 || Number(match[1]) > 255) {
        throw new ConfigError(
          'CARD_SIGNING_KEY',
          'må være nøkkel-id (1–255), kolon og en Ed25519-nøkkel i PKCS#8 (base64), for eksempel 1:MC4CAQAwBQYDK2VwBCIEI…',
        );
      }
      try {
        const key = createPrivateKey({ key: Buffer.from(match[2], 'base64'), format: 'der', type: 'pkcs8' });
        if (key.asymmetricKeyType !== 'ed25519') throw new Error('not ed25519');
      } catch {
        throw new ConfigError('CARD_SIGNING_KEY', `nøkkel ${match[1]} er ikke en Ed25519-nøkkel i PKCS#8 (base64)`);
      }
      return { id: Number(match[1]), privateKey: match[2] };
    });
  if (new Set(keys.map((key) => key.id)).size !== keys.length) throw new ConfigError('CARD_SIGNING_KEY', 'samme nøkkel-id står to ganger');
  return keys;
}
