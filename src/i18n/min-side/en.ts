/**
 * Min side's catalogue in English. Its type is the bokmål catalogue's shape, so a key missing
 * here (or one nb.ts does not have) fails the type check. Loaded only when someone chooses English;
 * it imports nothing at run time (the support contact is handed in), so its chunk stands alone.
 */
import type { MinSideTexts } from './nb.ts';
import { RULE_MESSAGES_EN } from '../../../server/schemas/rules.ts';
import { TRAVEL_MESSAGES_EN } from '../../../server/schemas/travel-rules.ts';
import { twoFactorEn } from './two-factor-en.ts';
import { vippsAgreementEn } from './vipps-agreement-en.ts';

const DAY = { day: 'numeric', month: 'short', year: 'numeric' } as const;
/** A bare date is a calendar day (read as UTC so no zone moves it); a timestamp is shown as its Oslo day. */
const calendarDay = new Intl.DateTimeFormat('en-GB', { ...DAY, timeZone: 'UTC' });
const osloDay = new Intl.DateTimeFormat('en-GB', { ...DAY, timeZone: 'Europe/Oslo' });
const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Oslo',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** 24 Nov 2026: the day is spelled out, so no reader mistakes day and month. */
function date(value: string | null | undefined): string {
  if (!value) return '';
  const bare = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const moment = new Date(bare ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(moment.getTime())) return '';
  return (bare ? calendarDay : osloDay).format(moment);
}

/** The English catalogue, with the organisation's support contact in its sentences. */
export function englishCatalogue(contact: { email: string; phone: string }): MinSideTexts {
  // No-break spaces keep the phone number on one line.
  const contactSentence = `Contact us at ${contact.email} or by phone on ${contact.phone.replace(/ /g, '\u00a0')}.`;
  return {
    formats: {
      date,
      amount: (value) => {
        if (value === null || value === undefined || value === '') return '';
        const rounded = Math.round(Number(value));
        return Number.isFinite(rounded) ? number.format(rounded) : '';
      },
      cardDate: date,
      dateTime: (value) => dateTime.format(new Date(value)),
    },
    appName: 'Musikerportalen',
    appSubtitle: 'Min side',
    language: 'Language',
    loading: 'Loading …',
    close: 'Close',
    notifications: 'Notifications',
    backToProfile: 'Back to Min side',
    backToLogin: 'Back to sign-in',
    contactSentence,
    contactTitle: 'Contact us',
    contactEmailLabel: 'Email',
    contactPhoneLabel: 'Phone',
    /** The footer's link to the accessibility statement, on every page. */
    statementLink: 'Accessibility statement',

    validation: {
      ...RULE_MESSAGES_EN,
      terms: 'You must accept the membership terms',
      instrument: 'Choose an instrument',
    },

    fields: {
      email: 'Email',
      password: 'Password',
      passwordConfirmation: 'Confirm password',
      firstName: 'First name',
      lastName: 'Last name',
      phone: 'Mobile',
      address: 'Address',
      postalCode: 'Postcode',
      postalArea: 'Town',
      gender: 'Gender',
      primaryInstrument: 'Main instrument',
      birthdate: 'Date of birth',
      artistName: 'Artist name / band',
      invoiceMethod: 'Invoicing',
      invoiceEmail: 'Email for invoices',
      campaignCode: 'Campaign code',
      terms: 'I accept the membership terms',
    },

    genders: [
      { value: 1, label: 'Man' },
      { value: 2, label: 'Woman' },
      { value: 3, label: 'Other' },
    ],
    invoiceMethods: [
      { value: 'EFAKTURA', label: 'eFaktura (online bank)' },
      { value: 'EMAIL', label: 'Email' },
    ],
    chooseInstrument: 'Choose instrument',
    chooseInvoiceMethod: 'Choose invoicing',

    datePicker: {
      placeholder: 'dd/mm/yyyy',
      hint: 'Write dd/mm/yyyy or pick a date in the calendar',
      open: (label: string) => `Pick ${label.toLowerCase()} in the calendar`,
      clear: (label: string) => `Clear ${label.toLowerCase()}`,
      loading: 'Loading the calendar …',
    },

    application: {
      title: 'Membership application',
      waiting: 'Your membership application is awaiting approval. You will get an email once it has been processed.',
      accepted: 'Your application has been approved, and you are a member.',
      acceptedSince: (date: string) => `Your application has been approved, and you are a member from ${date}.`,
      rejected: 'Your membership application has been declined.',
      reason: 'Reason',
    },

    profile: {
      title: 'Min side',
      greeting: (name: string) => `Hi, ${name}`,
      logout: 'Sign out',
      formTitle: 'My details',
      save: 'Save',
      invoiceMethodMissing: 'Save is off because Invoicing is not chosen. Choose how you want to receive the invoice.',
      saved: 'Updated!',
      saveFailed: 'Something went wrong',
      checkFields: 'Something went wrong: correct the marked fields and save again.',
      serverFailed: `Your profile was not saved. ${contactSentence}`,
      loadFailed: 'Something went wrong!',
      retry: 'Try again',
    },

    campaign: {
      title: 'Campaign code',
      intro: 'Do you have a campaign code? Add it here to get your member card by text message.',
      add: 'Add code',
      added: 'Success!',
      failed: 'Error',
      current: 'Your campaign code',
    },

    memberCard: {
      title: 'Member card by text message',
      intro: 'We send your member card as a text message to the number you enter.',
      phone: 'Phone number',
      placeholder: 'At least 8 digits',
      submit: 'Send member card',
      sent: 'Your member card has been sent',
      failed: `The member card was not sent. ${contactSentence}`,
    },

    travel: {
      title: 'Travel insurance',
      pageTitle: 'Travel insurance',
      empty: 'No active travel insurance',
      product: 'PRODUCT',
      price: 'PRICE',
      start: 'START DATE',
      end: 'END DATE',
      invoicedFor: 'INVOICED UNTIL',
      notYet: 'None yet',
      order: 'Order',
      edit: 'Edit',
      total: (amount: string) => `Total: NOK\u00a0${amount}`,
      status: 'STATUS',
      active: 'Active',
      awaiting: 'Awaiting approval',
      pendingNote: 'Your order is awaiting approval. We will let you know once it has been processed.',
      inForce: 'In force now',
      requested: 'Change awaiting processing',
      noStart: 'Not set',
      noEnd: 'Renewed yearly',
      certificateInForce: 'The certificate shows the insurance in force now, until the change has been processed.',
      productLabel: 'Product',
      chooseProduct: 'Choose travel insurance',
      startLabel: 'Start date',
      endLabel: 'End date',
      reset: (label: string) => `Reset ${label.toLowerCase()}`,
      resetText: 'Reset',
      renewal: 'Renewal',
      priceLabel: 'Price',
      restOfYear: 'Price for the rest of the year',
      kroner: (amount: string) => `NOK\u00a0${amount}`,
      loadFailed: 'The travel insurance could not be loaded right now.',
      renewalValue: 'Yearly',
      rules: { ...TRAVEL_MESSAGES_EN },
    },

    instruments: {
      title: 'Instrument insurance',
      pageTitle: 'Instrument insurance',
      empty: 'No active instrument insurance',
      type: 'INSTRUMENT TYPE',
      make: 'MAKER',
      model: 'MODEL',
      value: 'VALUE',
      start: 'START DATE',
      end: 'END DATE',
      order: 'Order',
      edit: 'Edit',
      total: (amount: string) => `Total value: NOK\u00a0${amount}`,
      valueAmount: (amount: string) => `NOK\u00a0${amount}`,
    },

    discounts: {
      title: 'Member benefits',
      code: 'DISCOUNT CODE',
      description: 'DESCRIPTION',
      empty: 'No discount codes right now.',
    },

    digitalCard: {
      title: 'Member card',
      headerButton: 'Member card',
      pageTitle: 'Member card',
      memberNumber: 'Member number',
      validUntil: 'Valid until',
      show: 'Show the member card',
      intro: 'Show the card with its QR code whenever you need to prove that you are a member. Whoever scans the code sees that the card is genuine and valid.',
      download: 'Download as an image (PNG)',
      qrLabel: (number: number) => `QR code confirming the membership of member number ${number}`,
      offline: (date: string) => `You are offline. This is the card as it was loaded on ${date}.`,
      notYet: 'Your member card is ready once your membership has been approved and you have a member number.',
      loadFailed: 'The member card could not be loaded right now.',
      homeScreen: 'Tip: add this page to your home screen to have the card at hand, even offline.',
    },

    certificates: {
      title: 'Insurance certificates',
      travelIntro: 'A certificate of your travel insurance, for visas, border control and organisers.',
      instrumentsIntro: 'A certificate listing your instruments, for customs, venues and airlines.',
      norwegian: 'Certificate in Norwegian (PDF)',
      english: 'Certificate in English (PDF)',
      failed: 'The certificate could not be downloaded. Try again, or contact us.',
      downloading: 'Downloading …',
    },

    privacyTitle: 'Privacy',
    accessLog: {
      title: 'Who has seen my details',
      intro: 'Here you see when staff have opened, changed or exported your details in the last 12 months.',
      when: 'WHEN',
      who: 'WHO',
      what: 'WHAT',
      empty: 'No staff have seen your details.',
      kinds: { read: 'Opened', export: 'Exported', change: 'Changed', messages: 'Read messages' },
      yourself: 'You',
      inList: (detail: string, count: number) => `${detail} (in a list of ${count} members)`,
      more: 'Show more',
      download: 'Download my details',
      downloadHint: 'A zip file with everything we store about you: a machine-readable file (member.json) and a summary you can read.',
      downloading: 'Fetching …',
      downloadFailed: 'The file could not be fetched right now. Try again later.',
    },
    contentFailed: 'The text could not be loaded right now.',

    blocked: {
      title: 'Your account has been blocked!',
      guidance: `Check that your membership is still active. ${contactSentence}`,
      ok: 'OK',
    },

    twoFactor: twoFactorEn,
    vippsAgreement: vippsAgreementEn,
  };
}
