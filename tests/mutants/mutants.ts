/**
 * Realistic bugs, each planted in turn by `npm run test:mutants`: the suite must fail on every one.
 * A mutant names the text it replaces (found exactly once in its file) and the test files that
 * should catch it; it is run against those files alone, so the run stays a few minutes long.
 */
export interface Mutant {
  /** The bug in words, as a reviewer would name it. */
  bug: string;
  file: string;
  find: string;
  replace: string;
  tests: string[];
}

export const MUTANTS: Mutant[] = [
  {
    bug: 'An instrument with a blank model is accepted (only the make is checked)',
    file: 'server/schemas/instrument-rules.ts',
    find: 'if (blank(row.model)) errors.model = RULE_MESSAGES.required;',
    replace: '',
    tests: ['tests/server/instruments.test.ts'],
  },
  {
    bug: 'Staff deleting an instrument is logged without naming the member whose instrument it was',
    file: 'server/routes/instruments.ts',
    find: "detail: 'Instrument slettet', member: ownerOfInstrument",
    replace: "detail: 'Instrument slettet', member: null",
    tests: ['tests/server/instruments.test.ts'],
  },
  {
    bug: 'Erasing a member keeps their invoice phone number',
    file: 'server/domain/privacy/privacy.ts',
    // The one quoted 'invoice_phone' in the file, found alike however the field list is laid out.
    find: "'invoice_phone',",
    replace: '',
    tests: ['tests/server/privacy.test.ts'],
  },
  {
    bug: "A member may open another member's instrument (the owner check is gone)",
    file: 'server/domain/insurance/instruments.ts',
    find: 'if (!row || (!actor.staff && row.member_id !== actor.id)) throw notFound();',
    replace: 'if (!row) throw notFound();',
    tests: ['tests/server/instruments.test.ts'],
  },
  {
    bug: "The KID's MOD10 check digit weighs from the wrong end (1, 2, 1 … instead of 2, 1, 2 …)",
    file: 'server/lib/kid.ts',
    find: '(i % 2 === 0 ? 2 : 1)',
    replace: '(i % 2 === 0 ? 1 : 2)',
    tests: ['tests/server/kid.test.ts'],
  },
  {
    bug: 'A travel insurance may end before it starts (the comparison is turned round)',
    file: 'server/domain/insurance/travel-subscriptions.ts',
    find: 'else if (start && end && end < start) errors.subscription_end',
    replace: 'else if (start && end && start < end) errors.subscription_end',
    tests: ['tests/server/travel-insurance.test.ts'],
  },
  {
    bug: "The travel form in both apps lets an end before the start through (the shared rule's comparison turned round)",
    file: 'server/schemas/travel-rules.ts',
    find: 'if (start && end && end < start) errors.subscription_end',
    replace: 'if (start && end && start < end) errors.subscription_end',
    tests: ['tests/ui/travel-rules.test.ts'],
  },
  {
    bug: "An invoice's outstanding amount forgets its credit notes",
    file: 'server/domain/billing/invoice-columns.ts',
    find: 'greatest(i.total_ore - i.paid_ore - i.credited_ore, 0) AS outstanding',
    replace: 'greatest(i.total_ore - i.paid_ore, 0) AS outstanding',
    tests: ['tests/server/billing-payments.test.ts'],
  },
  {
    bug: "An invoice's total is its largest line, not the sum of its lines",
    file: 'server/domain/billing/invoices.ts',
    find: 'total: input.lines.reduce((sum, line) => sum + line.amount_ore, 0)',
    replace: 'total: input.lines.reduce((sum, line) => Math.max(sum, line.amount_ore), 0)',
    tests: ['tests/server/billing-invoices.test.ts'],
  },
  {
    bug: 'Rich text keeps javascript: links',
    file: 'server/lib/html.ts',
    find: "allowedSchemes: ['http', 'https', 'mailto', 'tel'],",
    replace: "allowedSchemes: ['http', 'https', 'mailto', 'tel', 'javascript'],",
    tests: ['tests/server/content.test.ts'],
  },
  {
    bug: 'Password-reset mails to one address are limited at 30 an hour instead of 3',
    file: 'server/routes/auth.ts',
    find: 'if (perAccount.hits > 3) throw tooManyRequests(perAccount.resetIn, 3);',
    replace: 'if (perAccount.hits > 30) throw tooManyRequests(perAccount.resetIn, 3);',
    tests: ['tests/server/password-reset.test.ts'],
  },
];
