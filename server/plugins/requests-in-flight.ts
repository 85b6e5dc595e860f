/**
 * Counts the requests this process is answering, from the moment one is read until its answer
 * has gone or its client has left, so the long jobs on PGlite's one session step aside for them
 * (server/db/step-aside.ts). Nothing is counted on PostgreSQL.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestsInFlight } from '../db/requests-in-flight.ts';

export function countRequests(app: FastifyInstance, requests: RequestsInFlight | undefined): void {
  if (!requests) return;
  const counted = new WeakSet<FastifyRequest>();
  const end = (request: FastifyRequest) => {
    if (counted.delete(request)) requests.ended();
  };
  app.addHook('onRequest', (request, _reply, done) => {
    counted.add(request);
    requests.started();
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    end(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request);
    done();
  });
}
