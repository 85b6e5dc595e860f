/**
 * The staff build makes react-admin's fallback labels with src/common/shims/inflection.ts instead of
 * inflection: for the app's resources and fields both give the same words.
 */
import * as inflection from 'inflection';
import { describe, expect, it } from 'vitest';
import * as shim from '../../src/common/shims/inflection.ts';

const RESOURCES = [
  'access-log',
  'benefits',
  'campaigns',
  'claims',
  'declined-memberships',
  'discount-codes',
  'email-logs',
  'email-templates',
  'instrument-requests',
  'instrument-valuation',
  'invoices',
  'member-import',
  'member-imports',
  'membership',
  'outreach',
  'outreaches',
  'payment-files',
  'payments',
  'pending-claims',
  'pending-instruments',
  'pending-memberships',
  'pending-travel',
  'product-categories',
  'roles',
  'segments',
  'sends',
  'settings',
  'staff',
  'stats',
  'tripletex-runs',
  'category',
  'status',
  'address',
  'box',
  'match',
  'day',
];

const FIELDS = [
  'first_name',
  'last_name',
  'member_id',
  'remote_id',
  'email',
  'phone_number',
  'birthdate',
  'membership_start_date',
  'subscription_travel_insurance',
  'invoiceMethod',
  'createdAt',
  'total_ore',
  'kid',
  'due_date',
  'state',
  'channel',
  'name',
  'id',
  'campaign_code',
  'address.city',
  'lines.amount',
];

describe('the inflection shim', () => {
  it('makes the same plural and singular of every resource name', () => {
    for (const name of RESOURCES) {
      expect([name, shim.pluralize(name)]).toEqual([name, inflection.pluralize(name)]);
      expect([name, shim.singularize(name)]).toEqual([name, inflection.singularize(name)]);
      for (const count of [1, 2])
        expect([name, shim.humanize(shim.inflect(name, count))]).toEqual([name, inflection.humanize(inflection.inflect(name, count))]);
    }
  });

  it("makes the same label of every field name as react-admin's fallback does", () => {
    for (const source of FIELDS) {
      const label = (steps: typeof inflection | typeof shim) => steps.transform(source.replace(/\./g, ' '), ['underscore', 'humanize']);
      expect([source, label(shim)]).toEqual([source, label(inflection)]);
      expect([source, shim.capitalize(source)]).toEqual([source, inflection.capitalize(source)]);
    }
  });
});
