/**
 * The server's Prometheus metrics (prom-client), made only when METRICS_TOKEN is set: one
 * registry per app, so nothing is measured on a server no one scrapes. The counters here are
 * this process's own (each server of several counts what it did; Prometheus sums them);
 * gauges read at scrape time (the queue, the pool, the backup) are added by plugins/metrics.ts.
 */
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

export type MessageChannel = 'email' | 'sms';
/** sent; failed_attempt: a try that failed and is tried again; failed: the last try failed, the message is given up. */
export type MessageResult = 'sent' | 'failed_attempt' | 'failed';

export class Metrics {
  readonly registry = new Registry();
  readonly #requests = new Counter({
    name: 'http_requests_total',
    help: 'Answered HTTP requests, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly #durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly #messages = new Counter({
    name: 'portal_messages_total',
    help: 'Mails and SMS by outcome: sent, failed_attempt (tried again later), failed (given up)',
    labelNames: ['channel', 'result'] as const,
    registers: [this.registry],
  });
  readonly #jobFailures = new Counter({
    name: 'portal_job_failures_total',
    help: 'Job attempts that failed on this server, by queue',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  constructor() {
    // Process CPU and memory, and the event loop's delay (nodejs_eventloop_lag_seconds and its percentiles).
    collectDefaultMetrics({ register: this.registry });
  }

  request(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.#requests.inc(labels);
    this.#durations.observe(labels, seconds);
  }

  message(channel: MessageChannel, result: MessageResult): void {
    this.#messages.inc({ channel, result });
  }

  jobFailed(queue: string): void {
    this.#jobFailures.inc({ queue });
  }
}
