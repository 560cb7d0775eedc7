// A small load balancer for the multi-process test (node:http only): requests alternate between
// the API processes, bodies stream both ways (event streams included), X-Forwarded-For gets the
// client's address appended (as nginx's $proxy_add_x_forwarded_for does; the APIs run with
// TRUST_PROXY=loopback). Retry rule: a request whose upstream connection is refused, or reset
// before any byte of the answer, is sent once more to the next upstream — when the proxy still
// holds its whole body (bodies up to BUFFER_LIMIT are read before forwarding; larger ones stream
// and are never retried). A refused connection reached nothing, so any such request is retried; a
// reset one may have been applied, so only when repeating it is harmless: GET, HEAD, OPTIONS, PUT,
// DELETE, or a request with an Idempotency-Key. Everything else it cannot forward is a 502.
import http from "node:http";
import type { AddressInfo } from "node:net";

/** Bodies up to this size are read whole before forwarding (so that they can be sent again). */
const BUFFER_LIMIT = 64 * 1024;
const RETRIABLE_METHODS = new Set(["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]);
/** Hop-by-hop headers: they describe one connection, never forwarded. */
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"];
/** Names which upstream answered (for the tests; a real balancer would not say). */
export const UPSTREAM_HEADER = "x-proxy-upstream";

export interface Upstream {
  name: string;
  port: number;
}

export interface ProxyRetry {
  method: string;
  url: string;
  from: string;
  to: string;
  /** ECONNREFUSED, ECONNRESET... */
  code: string;
}

export interface RoundRobinProxy {
  url: string;
  /** Requests sent again to the other upstream (see the retry rule above). */
  readonly retries: ProxyRetry[];
  /** Answers forwarded, by upstream name. */
  readonly served: Record<string, number>;
  /** Requests the proxy could not forward (answered 502 or cut off), with why. */
  readonly failures: string[];
  close(): Promise<void>;
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
}

function withoutHopByHop(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const copy: http.OutgoingHttpHeaders = { ...headers };
  for (const name of HOP_BY_HOP) delete copy[name];
  return copy;
}

/** Reads a body of known, small size whole; null when it must stream instead. */
async function bufferedBody(req: http.IncomingMessage): Promise<Buffer | null> {
  const length = req.headers["content-length"];
  const chunked = req.headers["transfer-encoding"] !== undefined;
  if (length === undefined && !chunked) return Buffer.alloc(0);
  if (chunked || Number(length) > BUFFER_LIMIT) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startRoundRobinProxy(upstreams: Upstream[]): Promise<RoundRobinProxy> {
  // Keep-alive connections to the upstreams, as a load balancer keeps them.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const retries: ProxyRetry[] = [];
  const served: Record<string, number> = Object.fromEntries(upstreams.map((upstream) => [upstream.name, 0]));
  const failures: string[] = [];
  let next = 0;

  const server = http.createServer((req, res) => {
    void (async () => {
      const first = next++ % upstreams.length;
      const client = (req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
      const forwardedFor = req.headers["x-forwarded-for"] ? `${String(req.headers["x-forwarded-for"])}, ${client}` : client;
      const headers = { ...withoutHopByHop(req.headers), "x-forwarded-for": forwardedFor };
      const body = await bufferedBody(req).catch(() => undefined);
      if (body === undefined) return void res.destroy();
      if (body !== null) headers["content-length"] = String(body.length);
      const retriable = (code: string) =>
        body !== null &&
        (code === "ECONNREFUSED" ||
          ((code === "ECONNRESET" || code === "EPIPE") &&
            (RETRIABLE_METHODS.has(req.method!) || req.headers["idempotency-key"] !== undefined)));

      const forward = (attempt: number) => {
        const upstream = upstreams[(first + attempt) % upstreams.length]!;
        let answered = false;
        let clientGone = false;
        const upstreamReq = http.request({ host: "127.0.0.1", port: upstream.port, method: req.method, path: req.url, headers, agent });
        upstreamReq.on("response", (upstreamRes) => {
          answered = true;
          served[upstream.name]!++;
          res.writeHead(upstreamRes.statusCode!, upstreamRes.statusMessage, {
            ...withoutHopByHop(upstreamRes.headers),
            [UPSTREAM_HEADER]: upstream.name,
          });
          // Event streams: the headers go now, each chunk as it comes.
          res.flushHeaders();
          upstreamRes.on("data", (chunk: Buffer) => res.write(chunk));
          upstreamRes.on("end", () => res.end());
          upstreamRes.on("error", () => undefined);
          upstreamRes.on("aborted", () => {
            if (clientGone) return;
            failures.push(`${req.method} ${req.url}: ${upstream.name} cut the answer off`);
            res.destroy();
          });
        });
        upstreamReq.on("error", (error) => {
          if (answered) return;
          const code = errorCode(error);
          if (attempt === 0 && retriable(code) && !res.destroyed) {
            const to = upstreams[(first + 1) % upstreams.length]!.name;
            retries.push({ method: req.method!, url: req.url!, from: upstream.name, to, code });
            return forward(1);
          }
          if (res.destroyed) return;
          failures.push(`${req.method} ${req.url}: ${upstream.name} ${code}`);
          if (res.headersSent) return void res.destroy();
          res.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify({ message: `Bad Gateway (${code})` }));
        });
        if (body !== null) upstreamReq.end(body);
        else req.pipe(upstreamReq);
        // The client went away (a closed event stream): so does the upstream request.
        res.once("close", () => {
          if (res.writableFinished) return;
          clientGone = true;
          upstreamReq.destroy();
        });
      };
      forward(0);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    retries,
    served,
    failures,
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
      agent.destroy();
    },
  };
}
