/** Phone numbers as the SMS gateway takes them. */

/** The gateway's number format: +47 in front of 8-digit Norwegian numbers, + numbers kept; null when neither. */
export function toE164(phone: string): string | null {
  const compact = phone.replace(/[\s\-().]/g, '');
  if (/^\d{8}$/.test(compact)) return `+47${compact}`;
  if (/^0047\d{8}$/.test(compact)) return `+${compact.slice(2)}`;
  if (/^\+\d{8,15}$/.test(compact)) return compact;
  return null;
}

/** The gateway's form of a Norwegian mobile number (8 digits from 4 or 9), null for any other number. */
export function norwegianMobile(phone: string | null): string | null {
  const number = phone === null ? null : toE164(phone);
  return number !== null && /^\+47[49]\d{7}$/.test(number) ? number : null;
}
