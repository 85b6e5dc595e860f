/** The SMS gateway's settings and the countries the member card may be sent to by SMS. */
import { ConfigError, type Env } from './config-values.ts';
import { optional, text, url } from './config-read.ts';

export interface SmsGatewayConfig {
  url: string;
  username: string;
  password: string;
  source: string;
  platformId: string;
  platformPartnerId: string;
}

export function countryCodes(env: Env, name: string, fallback: string): string[] {
  const codes = text(env, name, fallback)
    .split(',')
    .map((code) => code.trim().replace(/^\+/, ''))
    .filter(Boolean);
  const bad = codes.find((code) => !/^[1-9]\d{0,2}$/.test(code));
  if (bad !== undefined) throw new ConfigError(name, `«${bad}» er ikke en landskode (for eksempel 47 eller 46)`);
  if (codes.length === 0) throw new ConfigError(name, 'må ha minst én landskode');
  return codes;
}

export function smsGateway(env: Env): SmsGatewayConfig | null {
  const gatewayUrl = url(env, 'SMS_URL', ['http:', 'https:']);
  if (gatewayUrl === null) return null;
  const required = (name: string) => {
    const value = optional(env, name);
    if (value === null) throw new ConfigError(name, 'må settes når SMS_URL er satt');
    return value;
  };
  const source = text(env, 'SMS_SOURCE', 'Musikere');
  if (!/^[A-Za-z][A-Za-z0-9 ]{1,10}$/.test(source)) {
    throw new ConfigError('SMS_SOURCE', 'må være 2–11 tegn og begynne med en bokstav');
  }
  return {
    url: gatewayUrl,
    username: required('SMS_USERNAME'),
    password: required('SMS_PASSWORD'),
    source,
    platformId: required('SMS_PLATFORM_ID'),
    platformPartnerId: required('SMS_PLATFORM_PARTNER_ID'),
  };
}
