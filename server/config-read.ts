/** Reading one setting: text, an optional value, an address (URL), an e-mail address, a REST path. */
import { EMAIL_PATTERN } from './schemas/rules.ts';
import { ConfigError, type Env } from './config-values.ts';

export function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

export function optional(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

export function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = optional(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, 'er ikke en gyldig adresse (URL)');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `må begynne med ${protocols.map((p) => `${p}//`).join(' eller ')}`);
  }
  return raw;
}

export function email(env: Env, name: string, fallback: string): string {
  const value = text(env, name, fallback);
  if (!EMAIL_PATTERN.test(value)) throw new ConfigError(name, 'er ikke en gyldig e-postadresse');
  return value;
}

export function restBase(env: Env, name: string, fallback: string): string {
  const value = text(env, name, fallback).replace(/^\/+|\/+$/g, '');
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(value)) throw new ConfigError(name, `«${value}» er ikke en gyldig sti`);
  return value;
}
