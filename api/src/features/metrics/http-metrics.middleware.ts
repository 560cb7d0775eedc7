// The latency histogram's middleware (issue 21), first in the stack: notes the start time on the
// response and observes once it has finished. Per request: one number stored, one shared listener
// (no closure), a few Map lookups for the labels (the labels objects are made once per combination),
// then prom-client's observe. An aborted request (no "finish") is not counted.
import { performance } from "node:perf_hooks";
import type { Request, RequestHandler, Response } from "express";
import { appMetrics, type HttpLabel, type MetricsDeps } from "./metrics.registry";
import { RouteLabels } from "./route-labels";

const STARTED = Symbol("loop.metrics.started");

type TimedResponse = Response & { [STARTED]?: number };
type Labels = Record<HttpLabel, string>;

/** The labels objects passed to observe, made once per route, method and status code (bounded by their product). */
function labelSets(): (route: string, method: string, status: number) => Labels {
  const byRoute = new Map<string, Map<string, Map<number, Labels>>>();
  return (route, method, status) => {
    let byMethod = byRoute.get(route);
    if (!byMethod) byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let labels = byStatus.get(status);
    if (!labels) byStatus.set(status, (labels = Object.freeze({ method, route, status: String(status) })));
    return labels;
  };
}

export function httpMetrics(deps: MetricsDeps): RequestHandler {
  const metrics = appMetrics(deps);
  if (!metrics) return (_req, _res, next) => next();
  const histogram = metrics.httpRequestDuration;
  const routes = new RouteLabels();
  const labelsOf = labelSets();

  function onFinish(this: TimedResponse): void {
    const started = this[STARTED];
    if (started === undefined) return;
    const req = this.req as Request;
    const seconds = (performance.now() - started) / 1000;
    histogram.observe(labelsOf(routes.of(req), req.method, this.statusCode), seconds);
  }

  return (_req, res, next) => {
    (res as TimedResponse)[STARTED] = performance.now();
    res.on("finish", onFinish);
    next();
  };
}

/**
 * The latency metric of the reads answered before Express (http/hot-routes.ts): the same histogram
 * and labels as the middleware gives their Express routes. Undefined when nothing is measured.
 */
export function hotRouteLatency(deps: MetricsDeps): ((route: string, status: number, seconds: number) => void) | undefined {
  const metrics = appMetrics(deps);
  if (!metrics) return undefined;
  const histogram = metrics.httpRequestDuration;
  const labelsOf = labelSets();
  return (route, status, seconds) => histogram.observe(labelsOf(route, "GET", status), seconds);
}
