/** The valuation rules' messages (issue 39) in English: app.valuation. */
import type { ValuationMessages } from './valuation-nb.ts';

export const valuationEn: ValuationMessages = {
  chip: {
    missing_appraisal: 'Appraisal missing',
    missing_receipt: 'Receipt or appraisal missing',
    expiring: 'Appraisal expires %{date}',
    expired: 'Appraisal expired %{date}',
    ok_appraisal: 'Appraisal valid until %{date}',
    ok_receipt: 'Documented',
    ok_none: 'Not required',
  },
  section: {
    title: 'Appraisal and documentation',
    intro: 'Instruments above the limits in Settings need a receipt or an appraisal.',
    none: 'None of the active instruments needs documentation.',
    all_ok: 'Every instrument that needs it is documented.',
    label: 'Documentation of active instruments',
  },
  list: {
    title: 'APPRAISAL AND DOCUMENTATION',
    breadcrumb: 'APPRAISAL AND DOCUMENTATION',
    open: 'Appraisal and documentation',
    intro: 'Insured instruments by what they lack. Click a row to open the member’s instruments.',
    filter: 'Show',
    empty: 'No instruments here.',
    choices: {
      attention: 'Missing or expiring',
      missing: 'Missing',
      expiring: 'Expiring soon',
      expired: 'Expired',
      ok: 'In order',
    },
    columns: {
      member: 'MEMBER',
      instrument: 'INSTRUMENT',
      value: 'VALUE',
      valuation: 'DOCUMENTATION',
    },
  },
  settings: {
    title: 'APPRAISAL AND DOCUMENTATION',
    breadcrumb: 'APPRAISAL AND DOCUMENTATION',
    intro: 'The rules for which instruments need a receipt or an appraisal, and when members get a reminder by e-mail.',
    rules: 'Requirements',
    reminders: 'Reminders',
    appraisal_above: 'Appraisal required above (NOK)',
    appraisal_years: 'Appraisal valid for (years)',
    receipt_above: 'Receipt or appraisal required above (NOK)',
    reminder_days: 'Reminder before the appraisal expires (days)',
    renewal_reminder_days: 'Reminder before the renewal on 1 January (days)',
    save: 'Save the rules',
    saved: 'The rules are saved',
  },
};
