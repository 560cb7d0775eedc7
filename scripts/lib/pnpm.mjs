// How to call pnpm from a script. Under `pnpm <script>`, pnpm sets npm_execpath to its own entry
// file: calling it with the current node works even when pnpm is not on PATH (e.g. when it was
// started through `npx -y pnpm@10.34.9 …`). Otherwise fall back to `pnpm` on PATH.
import path from "node:path";

export function pnpmCommand() {
  const execpath = process.env.npm_execpath;
  if (execpath && /pnpm/i.test(path.basename(execpath)) && /\.(c|m)?js$/.test(execpath)) {
    return { command: process.execPath, prefixArgs: [execpath] };
  }
  if (execpath && /pnpm/i.test(path.basename(execpath))) return { command: execpath, prefixArgs: [] };
  return { command: process.platform === "win32" ? "pnpm.cmd" : "pnpm", prefixArgs: [] };
}

/** [command, args] for `pnpm ...args`. */
export function pnpm(...args) {
  const { command, prefixArgs } = pnpmCommand();
  return [command, [...prefixArgs, ...args]];
}
