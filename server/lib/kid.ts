/**
 * Norwegian payment references: the KID (customer identification number, checked with MOD10,
 * the Luhn algorithm) and the bank account number (11 digits, checked with MOD11).
 *
 * Our KID is fixed length: the member number in 7 digits, the invoice number in 7 digits and one
 * MOD10 check digit, 15 digits in all, so a bank, an OCR file and a person typing it all see the
 * same shape and a typing error is caught by the check digit.
 */

export const KID_LENGTH = 15;
const MEMBER_DIGITS = 7;
const INVOICE_DIGITS = 7;

/** The MOD10 (Luhn) check digit of a string of digits. */
export function mod10CheckDigit(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new Error('MOD10 needs digits');
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    // Weights 2, 1, 2, 1 … from the rightmost digit.
    let digit = Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 2 : 1);
    if (digit > 9) digit -= 9;
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** The KID of an invoice: member number, invoice number, check digit. */
export function makeKid(memberNumber: number, invoiceNumber: number): string {
  if (!Number.isSafeInteger(memberNumber) || memberNumber < 0 || String(memberNumber).length > MEMBER_DIGITS) {
    throw new Error(`A member number of at most ${MEMBER_DIGITS} digits is needed for a KID`);
  }
  if (!Number.isSafeInteger(invoiceNumber) || invoiceNumber < 1 || String(invoiceNumber).length > INVOICE_DIGITS) {
    throw new Error(`An invoice number of at most ${INVOICE_DIGITS} digits is needed for a KID`);
  }
  const body = String(memberNumber).padStart(MEMBER_DIGITS, '0') + String(invoiceNumber).padStart(INVOICE_DIGITS, '0');
  return body + mod10CheckDigit(body);
}

/** A KID as typed or read: spaces dropped; null unless it is our length and its check digit is right. */
export function normaliseKid(raw: string): string | null {
  const kid = raw.replace(/\s+/g, '');
  if (kid.length !== KID_LENGTH || !/^\d+$/.test(kid)) return null;
  return mod10CheckDigit(kid.slice(0, -1)) === kid.slice(-1) ? kid : null;
}

export function isValidKid(raw: string): boolean {
  return normaliseKid(raw) !== null;
}

/** The member and invoice numbers a valid KID of ours carries. */
export function parseKid(raw: string): { memberNumber: number; invoiceNumber: number } | null {
  const kid = normaliseKid(raw);
  if (kid === null) return null;
  return {
    memberNumber: Number(kid.slice(0, MEMBER_DIGITS)),
    invoiceNumber: Number(kid.slice(MEMBER_DIGITS, MEMBER_DIGITS + INVOICE_DIGITS)),
  };
}

/** Whether an 11-digit Norwegian account number (dots and spaces allowed) passes MOD11. */
export function isValidAccountNumber(raw: string): boolean {
  const digits = raw.replace(/[\s.]/g, '');
  if (!/^\d{11}$/.test(digits)) return false;
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const remainder = sum % 11;
  const check = remainder === 0 ? 0 : 11 - remainder;
  return check !== 10 && check === Number(digits[10]);
}

/** '1234.56.78903', as Norwegian invoices print an account number. */
export function formatAccountNumber(raw: string): string {
  const digits = raw.replace(/[\s.]/g, '');
  return `${digits.slice(0, 4)}.${digits.slice(4, 6)}.${digits.slice(6)}`;
}
