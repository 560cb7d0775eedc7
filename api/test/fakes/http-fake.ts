// The plumbing the provider fakes share: a local HTTP server, its JSON answers and a request log.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export interface FakeAnswer {
  status: number;
  body: unknown;
}

export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

export interface RunningFake {
  url: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

export async function startHttpFake(handle: FakeHandler, port = 0): Promise<RunningFake> {
  const requests: FakeRequest[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = {
        method: req.method ?? "GET",
        path: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(request);
      Promise.resolve()
        .then(() => handle(request))
        .then(
          (answer) => {
            res.writeHead(answer.status, { "Content-Type": "application/json" });
            res.end(answer.status === 204 ? undefined : JSON.stringify(answer.body));
          },
          (error: unknown) => {
            res.writeHead(500, { "Content-Type": "application/json" });
            res.end(JSON.stringify({ message: String(error) }));
          },
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let counter = 0;
/** An id in a provider's style: a prefix and random-looking characters. */
export function fakeId(prefix: string, length = 24): string {
  counter += 1;
  const random = `${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2)}`
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "");
  return `${prefix}${random.padEnd(length, "X").slice(0, length)}`;
}
