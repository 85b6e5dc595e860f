/**
 * The SMS text's length as the gateway counts it: 'N tegn · M SMS-deler (GSM-7)', asked of the
 * server a moment after staff stop typing (æøå fit GSM-7; an emoji or other letters need UCS-2,
 * which fits fewer characters in a part).
 */
import FormHelperText from '@mui/material/FormHelperText';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useSettled } from '../forms/useSettled.ts';
import { useDataProvider, useTranslate } from 'react-admin';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import { UNCHANGING } from '../readAgain.ts';
import '../../i18n/app/sends-pages-nb.ts';

/** How long the text must stay unchanged before it is counted. */
export const SMS_COUNT_DELAY_MS = 400;

export function SmsCounter({ id }: { id: string }) {
  const translate = useTranslate();
  const staffData = useDataProvider<StaffDataProvider>();
  const text = (useWatch({ name: 'sms_text' }) as string | null | undefined) ?? '';
  const settled = useSettled(text, SMS_COUNT_DELAY_MS);
  const { data, error } = useQuery({
    queryKey: ['sms-parts', settled],
    queryFn: ({ signal }) => staffData.smsParts(settled, signal),
    enabled: settled !== '',
    placeholderData: keepPreviousData,
    ...UNCHANGING,
  });
  const words = (() => {
    if (error) return translate('app.sends.sms.problem', { message: (error as Error).message });
    if (text === '') return '';
    if (!data) return translate('app.sends.sms.counting');
    return translate('app.sends.sms.counter', {
      characters: data.characters,
      parts: translate('app.sends.sms.parts', { smart_count: data.parts }),
      encoding: data.encoding,
    });
  })();
  return (
    <FormHelperText id={id} aria-live="polite" sx={{ mt: -1, mb: 2, mx: 1.75 }}>
      {words}
    </FormHelperText>
  );
}
