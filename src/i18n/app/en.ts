import { staffUsersEn } from './staff-users-en.ts';
import { valuationEn } from './valuation-en.ts';
import { shellEn } from './shell-en.ts';
import { signInEn } from './sign-in-en.ts';
import { requestsEn } from './requests-en.ts';
import { settingsEn } from './settings-en.ts';
import { membersEn } from './members-en.ts';
import { insuranceEn } from './insurance-en.ts';
import { paymentsEn } from './payments-en.ts';
import { memberImportEn } from './member-import-en.ts';
import { resourcesEn } from './resources-en.ts';
import { outreachEn } from './outreach-en.ts';
import { sendsEn } from './sends-en.ts';
import { statsEn } from './stats-en.ts';
import { claimsEn } from './claims-en.ts';
import { documentsEn } from './documents-en.ts';

/** The staff app's own messages in English, with exactly the keys of nb.ts: an area a file (./<area>-en.ts and the shared files). */
export default {
  app: {
    staff_users: staffUsersEn,
    valuation: valuationEn,
    ...shellEn,
    ...signInEn,
    ...requestsEn,
    settings: settingsEn,
    ...membersEn,
    ...insuranceEn,
    ...paymentsEn,
    outreach: outreachEn,
    sends: sendsEn,
    stats: statsEn,
    claims: claimsEn,
    documents: documentsEn,
    member_import: memberImportEn,
  },
  resources: resourcesEn,
};
