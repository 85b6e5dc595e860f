/**
 * How many SMS a text takes (3GPP TS 23.038 / 23.040). A text of only GSM-7 characters is sent in
 * 7-bit parts, where a character of the extension table (€, [, ], {, }, \, ^, ~, |, form feed)
 * takes two places (an escape and itself); one other character (æøå are GSM-7, but emoji, ‘smart’
 * quotes or a Polish ł are not) turns the whole text into UCS-2, counted in UTF-16 units, where
 * an emoji takes two. One part holds 160 places (GSM-7) or 70 (UCS-2); a text longer than that is
 * split into parts of 153 or 67, the rest of each part being the header that joins them again.
 */

const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM7_EXTENSION = new Set('\f^{}\\[~]|€');

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsParts {
  /** The places the text takes in its encoding: an extension character counts 2 (GSM-7), an emoji 2 (UCS-2). */
  characters: number;
  parts: number;
  encoding: SmsEncoding;
}

export const SMS_LIMITS = {
  'GSM-7': { single: 160, part: 153 },
  'UCS-2': { single: 70, part: 67 },
} as const;

/** The places each character takes as GSM-7, or null when one is not in GSM-7. */
function gsm7Widths(text: string): number[] | null {
  const widths: number[] = [];
  for (const character of text) {
    if (GSM7_BASIC.has(character)) widths.push(1);
    else if (GSM7_EXTENSION.has(character)) widths.push(2);
    else return null;
  }
  return widths;
}

export function smsParts(text: string): SmsParts {
  const gsm = gsm7Widths(text);
  const encoding: SmsEncoding = gsm === null ? 'UCS-2' : 'GSM-7';
  // UCS-2 as phones send it is UTF-16: an emoji (a surrogate pair) takes two units.
  const widths = gsm ?? [...text].map((character) => character.length);
  const characters = widths.reduce((sum, width) => sum + width, 0);
  const { single, part } = SMS_LIMITS[encoding];
  if (characters <= single) return { characters, parts: characters === 0 ? 0 : 1, encoding };
  // Split as a phone does: an escaped character or a surrogate pair is never cut across two parts.
  let parts = 1;
  let used = 0;
  for (const width of widths) {
    if (used + width > part) {
      parts += 1;
      used = 0;
    }
    used += width;
  }
  return { characters, parts, encoding };
}
