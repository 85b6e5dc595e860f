/**
 * The names staff gave the two optional kinds of message (Innstillinger → Meldingstyper), read
 * once and shared by every page that shows them; until they arrive (or if they cannot be read)
 * a page shows the catalogue's own words.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState } from 'react-admin';
import type { StaffDataProvider } from '../dataProvider/index.ts';

export const CONSENT_KINDS_KEY = ['consent-kinds'] as const;

export type OptionalKindName = 'newsletter_2' | 'newsletter_3';

/** Each optional kind's name in the staff app's language, once read. */
export function useConsentKindLabels(): Partial<Record<OptionalKindName, string>> {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [locale] = useLocaleState();
  const { data } = useQuery({ queryKey: CONSENT_KINDS_KEY, queryFn: () => dataProvider.consentKinds(), staleTime: 5 * 60_000, retry: false });
  return Object.fromEntries((data ?? []).map((kind) => [kind.kind, locale === 'en' ? kind.label_en : kind.label_nb]));
}
