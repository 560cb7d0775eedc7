import { isHttpUrl } from "@loop/rules/schemas/notifications";

export type ActionTarget = { kind: "app"; path: string } | { kind: "external"; url: string } | null;

/** Where a notification's button leads: an app path ("/tokens", never "//host"), an http(s) URL, or nowhere. */
export function actionTarget(url: string | null): ActionTarget {
  if (!url) return null;
  if (url.startsWith("/") && !url.startsWith("//") && !url.includes("\\")) return { kind: "app", path: url };
  if (isHttpUrl(url)) return { kind: "external", url };
  return null;
}

/** Opens an external action in a new tab that cannot reach back to this page. */
export function openInNewTab(url: string): void {
  window.open(url, "_blank", "noopener,noreferrer");
}
