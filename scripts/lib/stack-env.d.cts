/** Types of stack-env.cjs, for e2e/global-setup.ts. */
import type { ChildProcess } from "node:child_process";

/** `ports`: postgres, api, hardhat, ponder, mailSmtp, mailWeb. */
export declare function stackEnv(base: NodeJS.ProcessEnv, runDir: string, ports: Readonly<Record<string, number>>): NodeJS.ProcessEnv;
export declare function spawnStack(env: NodeJS.ProcessEnv, logFile: string): ChildProcess;
