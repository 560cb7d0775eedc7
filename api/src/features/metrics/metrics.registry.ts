// GET /metrics (issue 21): one prom-client registry per app, never prom-client's global one, so that
// createApp can run several times in one process (the tests) without "already registered" errors.
// Kept per deps object (createApp's), which the latency middleware and the router both get.
import { Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { AppConfig } from "../../config";
import type { AppDeps } from "../../deps";
import { registerBusinessMetrics } from "./business-metrics";

export const METRIC_PREFIX = "loop_";

/** What the metrics read: the configuration, and the database, chains and logger of the business gauges. */
export type MetricsDeps = Pick<AppDeps, "chains" | "config" | "logger" | "prisma">;

export type HttpLabel = "method" | "route" | "status";

export interface AppMetrics {
  registry: Registry;
  httpRequestDuration: Histogram<HttpLabel>;
  /**
   * Registers what is read at scrape time (process defaults, queues, settlement, payouts, ledger),
   * once, at the first scrape: an app nobody scrapes (most test apps) starts no event-loop monitor
   * and no GC observer.
   */
  startCollectors(): void;
}

/** Whether /metrics answers at all: with a token, or outside production (docs/decisions.md, issue 21). */
export function metricsEnabled(config: Pick<AppConfig, "isProduction" | "metricsToken">): boolean {
  return config.metricsToken !== null || !config.isProduction;
}

/** Request latencies from 1 ms to 10 s (slower ones land in +Inf). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const byApp = new WeakMap<MetricsDeps, AppMetrics | null>();

/** The app's metrics, made on first use; null when /metrics is off (production without METRICS_TOKEN): nothing is measured. */
export function appMetrics(deps: MetricsDeps): AppMetrics | null {
  if (byApp.has(deps)) return byApp.get(deps)!;
  const metrics = metricsEnabled(deps.config) ? createAppMetrics(deps) : null;
  byApp.set(deps, metrics);
  return metrics;
}

function createAppMetrics(deps: MetricsDeps): AppMetrics {
  const registry = new Registry();
  const httpRequestDuration = new Histogram<HttpLabel>({
    name: `${METRIC_PREFIX}http_request_duration_seconds`,
    help: "HTTP request latency, from the request's arrival to the last byte of its response, by method, Express route pattern (unmatched: no route answered) and status code.",
    labelNames: ["method", "route", "status"],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  let started = false;
  return {
    registry,
    httpRequestDuration,
    startCollectors() {
      if (started) return;
      started = true;
      collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
      registerBusinessMetrics(registry, METRIC_PREFIX, deps);
    },
  };
}
