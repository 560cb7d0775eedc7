import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepConnectionsOpen } from "../src/roles/api-role";

// A client (a browser, a load balancer) reuses its idle connection; if the server closed it at the
// same moment, the request sent on it fails with ECONNRESET. The API keeps idle connections longer
// than its clients do (60 s for most load balancers), where Node's default is 5 s.
describe("the API's idle keep-alive connections", () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end("ok"));
    keepConnectionsOpen(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("stay open past Node's 5 s: a request on a connection idle for 6 s is answered on it", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const req = http.get({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode ?? 0, socket: req.socket }));
        });
        req.on("error", reject);
      });
    const first = await get();
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    const second = await get();
    agent.destroy();
    expect(second.status).toBe(200);
    expect(second.socket).toBe(first.socket);
  }, 20_000);
});
