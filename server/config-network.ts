import { isIP } from 'node:net';
import { ConfigError, type Env } from './config-values.ts';

const PROXY_TRUE_REFUSED =
  '«true» ville stole på X-Forwarded-For fra hvem som helst, så en klient kunne velge sin egen IP-adresse og komme rundt ' +
  'grensene per IP. Oppgi antall proxyer foran serveren (for eksempel 1) eller proxyenes adresser (for eksempel 10.0.0.5,10.0.1.0/24).';

function proxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY: the proxies in front, by hop count or by their addresses. */
export function trustProxy(env: Env): number | string[] {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || raw.toLowerCase() === 'false') return 0;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10) throw new ConfigError('TRUST_PROXY', 'må være et antall proxyer mellom 0 og 10 eller en liste med adresser');
    return hops;
  }
  if (raw.toLowerCase() === 'true') throw new ConfigError('TRUST_PROXY', PROXY_TRUE_REFUSED);
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !proxyAddress(entry));
  if (bad !== undefined) throw new ConfigError('TRUST_PROXY', `«${bad}» er verken et antall proxyer eller en IP-adresse (med eller uten /nettmaske)`);
  return entries;
}
