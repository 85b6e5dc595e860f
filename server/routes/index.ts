/** Every /api route module; each registers its own paths below /api. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import auth from './auth.ts';
import health from './health.ts';
import members from './members.ts';

const apiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(health);
  await app.register(auth);
  await app.register(members);
};

export default apiRoutes;
