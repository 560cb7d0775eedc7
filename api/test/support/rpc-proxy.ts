// A JSON-RPC proxy in front of the test chain, over real HTTP: what the API sees of a chain that
// fails. Each call is forwarded unless the current fault says otherwise for its method.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * refuse: answered with an error, never forwarded (the node never sees it);
 * lose-answer: forwarded (the node acts on it), then answered with an error (the answer was lost);
 * null-result: answered `null`, never forwarded (e.g. a receipt that never comes).
 */
export type RpcFault = "refuse" | "lose-answer" | "null-result";

export interface RpcProxy {
  url: string;
  /** The fault of each method from now on (an empty object: none). */
  setFaults(faults: Partial<Record<string, RpcFault>>): void;
  /** How many times each method was called through the proxy. */
  calls: Map<string, number>;
  close(): Promise<void>;
}

interface RpcRequest {
  id: number | string;
  method: string;
}

const rpcError = (id: RpcRequest["id"], message: string) => ({ jsonrpc: "2.0", id, error: { code: -32603, message } });

export async function startRpcProxy(upstream: string): Promise<RpcProxy> {
  let faults: Partial<Record<string, RpcFault>> = {};
  const calls = new Map<string, number>();

  async function answer(call: RpcRequest): Promise<unknown> {
    calls.set(call.method, (calls.get(call.method) ?? 0) + 1);
    const fault = faults[call.method];
    if (fault === "refuse") return rpcError(call.id, `proxy: ${call.method} refused`);
    if (fault === "null-result") return { jsonrpc: "2.0", id: call.id, result: null };
    const response = await fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(call) });
    const body = await response.json();
    if (fault === "lose-answer") return rpcError(call.id, `proxy: the answer to ${call.method} was lost`);
    return body;
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const parsed = JSON.parse(Buffer.concat(chunks).toString()) as RpcRequest | RpcRequest[];
        const result = Array.isArray(parsed) ? await Promise.all(parsed.map(answer)) : await answer(parsed);
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(result));
      })().catch((error: unknown) => {
        res.writeHead(502);
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setFaults(next) {
      faults = { ...next };
    },
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
