// `pnpm ledger:check` as an operator runs it: the api's `tsx src/db/ledger-check.ts` on a database.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The CLI's exit code and output on the database at `databaseUrl`. */
export async function ledgerCheckCli(databaseUrl: string): Promise<{ code: number; output: string }> {
  const apiDir = path.resolve(import.meta.dirname, "../..");
  try {
    const { stdout, stderr } = await run(path.join(apiDir, "node_modules/.bin/tsx"), ["src/db/ledger-check.ts"], {
      cwd: apiDir,
      env: { ...process.env, NODE_ENV: "development", DATABASE_URL: databaseUrl },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}
