/**
 * The words of a send: its kind by the name staff gave it, its channel, and counts grouped as
 * Norwegian writes them (its state's chip: SendStateChip.tsx, kept apart so the form goes without it).
 */
import { useTranslate } from 'react-admin';
import type { OutreachKind } from '../../dataProvider/index.ts';
import { useConsentKindLabels } from '../consentKinds.ts';
import '../../i18n/app/sends-pages-nb.ts';

export const KINDS: OutreachKind[] = ['required', 'newsletter_2', 'newsletter_3'];
export const CHANNELS = ['email', 'sms', 'email_sms'] as const;

/** 1 234: counts as the office reads them (a space between thousands, never broken). */
export const formatCount = (value: number): string => new Intl.NumberFormat('nb-NO').format(value).replace(/\s/g, '\u00a0');

/** Whether the channel sends e-mail, and whether it may send SMS. */
export const hasEmail = (channel: string | undefined): boolean => channel === 'email' || channel === 'email_sms';
export const hasSms = (channel: string | undefined): boolean => channel === 'sms' || channel === 'email_sms';

/**
 * The name of each kind: 'Nødvendig informasjon' from the catalogue, the optional kinds' as staff
 * named them under Innstillinger → Meldingstyper (the catalogue's until those are read).
 */
export function useKindNames(): Record<OutreachKind, string> {
  const translate = useTranslate();
  const labels = useConsentKindLabels();
  return Object.fromEntries(KINDS.map((kind) => [kind, (kind !== 'required' && labels[kind]) || translate(`app.sends.kind.${kind}`)])) as Record<
    OutreachKind,
    string
  >;
}
