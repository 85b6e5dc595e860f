/**
 * What a person can recognise a sign-in by: the browser and system from its user agent, and a
 * place from its address. There is no network lookup and no location database here, so a
 * private or loopback address reads 'Lokalt nettverk' and any other address is shown as it is.
 */
import { BlockList, isIP } from 'node:net';

const BROWSERS: [RegExp, string][] = [
  [/Edg(A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return 'Ukjent enhet';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} på ${system}`;
  return browser ?? system ?? 'Ukjent enhet';
}

const local = new BlockList();
local.addSubnet('10.0.0.0', 8);
local.addSubnet('172.16.0.0', 12);
local.addSubnet('192.168.0.0', 16);
local.addSubnet('127.0.0.0', 8);
local.addSubnet('169.254.0.0', 16);
local.addSubnet('100.64.0.0', 10);
local.addSubnet('::1', 128, 'ipv6');
local.addSubnet('fc00::', 7, 'ipv6');
local.addSubnet('fe80::', 10, 'ipv6');

export function placeOf(ip: string | null): string {
  if (!ip) return 'Ukjent sted';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1] : ip;
  const version = isIP(address);
  if (version === 0) return 'Ukjent sted';
  return local.check(address, version === 4 ? 'ipv4' : 'ipv6') ? 'Lokalt nettverk' : address;
}
