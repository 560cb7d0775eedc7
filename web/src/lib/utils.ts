import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Merges Tailwind class names, later ones winning. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its table of Tailwind's classes on its first call: ~10 ms, four times that
 * on Lighthouse's phone. Left to the first `cn` of the first render, it lands inside that render's
 * time slice (React cannot yield within a component), one long task on every page's load. Called at
 * start (main.tsx), before the first render is scheduled: a posted message runs before React's own
 * (its scheduler posts one too, later), so the table is built in a task of its own.
 */
export function prepareClassMerging(): void {
  if (typeof MessageChannel !== "function") return;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    twMerge("p-0");
  };
  channel.port2.postMessage(null);
}
