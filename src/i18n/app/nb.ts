import { staffUsersNb } from './staff-users-nb.ts';
import { valuationNb } from './valuation-nb.ts';
import { shellNb } from './shell-nb.ts';
import { requestsNb } from './requests-nb.ts';
import { membersNb } from './members-nb.ts';
import { insuranceNb } from './insurance-nb.ts';
import { paymentsNb } from './payments-nb.ts';
import { resourcesNb } from './resources-nb.ts';
import { outreachNb } from './outreach-nb.ts';
import { sendsNb } from './sends-nb.ts';
import { statsNb } from './stats-nb.ts';
import { claimsNb } from './claims-nb.ts';

/** The staff app's own messages in bokmål, an area a file (./<area>-nb.ts and the shared files); react-admin's keys live in ../ra. */
export default {
  app: {
    staff_users: staffUsersNb,
    valuation: valuationNb,
    ...shellNb,
    ...requestsNb,
    ...membersNb,
    ...insuranceNb,
    ...paymentsNb,
    outreach: outreachNb,
    sends: sendsNb,
    stats: statsNb,
    claims: claimsNb,
  },
  resources: resourcesNb,
};
