/** The payer's profile as Vipps' userinfo shares it, and a phone number as members type it. */
import { VippsError, VIPPS_MESSAGES } from './vipps-errors.ts';
import { textOf } from './vipps-values.ts';

export interface Payer {
  first_name: string;
  last_name: string;
  email: string;
  /** As Vipps gives it: country code first, digits only (4791234567). */
  phone: string;
  address: { street: string; postal_code: string; city: string } | null;
  birthdate: string | null;
}

/** The userinfo answer (given_name, family_name, email, phone_number, address, birthdate) as our payer. */
export function payerFromUserInfo(info: Record<string, unknown> | null): Payer {
  const address = (info?.address && typeof info.address === 'object' ? info.address : null) as Record<string, unknown> | null;
  const payer: Payer = {
    first_name: textOf(info?.given_name),
    last_name: textOf(info?.family_name),
    email: textOf(info?.email),
    phone: textOf(info?.phone_number).replace(/\D/g, ''),
    address:
      address && textOf(address.street_address) !== ''
        ? { street: textOf(address.street_address), postal_code: textOf(address.postal_code), city: textOf(address.region) }
        : null,
    birthdate: /^\d{4}-\d{2}-\d{2}$/.test(textOf(info?.birthdate)) ? textOf(info?.birthdate) : null,
  };
  if (!payer.first_name || !payer.last_name || !payer.email || !payer.phone) throw new VippsError(VIPPS_MESSAGES.badAnswer);
  return payer;
}

/** A Norwegian number as members type it (8 digits) when Vipps gives +47; others keep their +. */
export function memberPhone(vippsPhone: string): string {
  const digits = vippsPhone.replace(/\D/g, '');
  if (/^47\d{8}$/.test(digits)) return digits.slice(2);
  if (/^\d{8}$/.test(digits)) return digits;
  return `+${digits}`;
}
