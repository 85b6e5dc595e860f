/** Every /api route module; each registers its own paths below /api. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import auth from './auth.ts';
import health from './health.ts';
import members from './members.ts';
import registration from './registration.ts';
import memberSelf from './member-self.ts';
import content from './content.ts';
import reference from './reference.ts';
import memberAdmin from './member-admin.ts';
import subscriptions from './subscriptions.ts';
import logs from './logs.ts';
import templates from './templates.ts';
import subscriptionRequests from './subscription-requests.ts';
import instruments from './instruments.ts';
import settings from './settings.ts';
import travelSubscriptions from './travel-subscriptions.ts';
import vipps from './vipps.ts';
import twoFactor from './two-factor.ts';
import proof from './proof.ts';
import privacy from './privacy.ts';
import memberImport from './member-import.ts';
import counters from './counters.ts';

const apiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(health);
  await app.register(auth);
  await app.register(members);
  await app.register(registration);
  await app.register(memberSelf);
  await app.register(content);
  await app.register(reference);
  await app.register(memberAdmin);
  await app.register(subscriptions);
  await app.register(logs);
  await app.register(templates);
  await app.register(subscriptionRequests);
  await app.register(instruments);
  await app.register(settings);
  await app.register(travelSubscriptions);
  await app.register(vipps);
  await app.register(twoFactor);
  await app.register(proof);
  await app.register(privacy);
  await app.register(memberImport);
  await app.register(counters);
};

export default apiRoutes;
