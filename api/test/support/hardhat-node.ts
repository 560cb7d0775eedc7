import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./ports";
import { EVENT_DEADLINE_MS } from "./wait";

const here = path.dirname(fileURLToPath(import.meta.url));
const workspace = path.resolve(here, "../../..");

async function chainAnswers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** Starts `hardhat node` (chain 31337) on a free port; resolves once it answers JSON-RPC. */
export async function startHardhatNode(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    path.join(workspace, "node_modules/.bin/hardhat"),
    ["--config", path.join(here, "../hardhat.config.cjs"), "node", "--port", String(port), "--hostname", "127.0.0.1"],
    {
      cwd: workspace,
      env: { ...process.env, CI: "true", HARDHAT_DISABLE_TELEMETRY_PROMPT: "true" },
      // Own process group: stopping it also stops anything the launcher started.
      detached: true,
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      return;
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
  };
  const deadline = Date.now() + EVENT_DEADLINE_MS;
  while (!(await chainAnswers(url))) {
    if (child.exitCode !== null) throw new Error(`hardhat node exited: ${stderr}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`hardhat node did not start within ${EVENT_DEADLINE_MS / 1000} s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, stop };
}
