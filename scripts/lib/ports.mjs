// Port checks (before starting anything) and free ports (for tests).
import net from "node:net";
import { UserError } from "./supervisor.mjs";

function tryListen(port, host) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", (error) => resolve(error.code === "EADDRNOTAVAIL" || error.code === "EAFNOSUPPORT" ? true : error.code));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** True when nothing listens on the port (IPv4 or IPv6 loopback, or the wildcard addresses). */
export async function isPortFree(port) {
  for (const host of ["127.0.0.1", "0.0.0.0", "::1", "::"]) {
    const result = await tryListen(port, host);
    if (result !== true) return false;
  }
  return true;
}

/**
 * Checks every { name, port, env } and throws one error naming each busy port and what uses it.
 */
export async function assertPortsFree(entries) {
  const busy = [];
  for (const entry of entries) if (!(await isPortFree(entry.port))) busy.push(entry);
  if (busy.length) {
    const lines = busy.map(
      (entry) => `  port ${entry.port} (${entry.name}${entry.env ? `, set ${entry.env} to use another` : ""}) is already in use`,
    );
    throw new UserError(
      `cannot start: a port is busy\n${lines.join("\n")}\nFind the process with: lsof -i :${busy[0].port}  (or ss -ltnp)`,
    );
  }
}

/** A port that is free right now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
