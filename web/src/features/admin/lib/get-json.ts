import { throwIfResNotOk } from "@/lib/api-client";

/** GET `path` with `params` (empty values left out), cookies included; throws ApiError on non-ok. */
export async function getJson<T>(path: string, params: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<T> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    const text = String(value).trim();
    if (text !== "") query.set(name, text);
  }
  const search = query.toString();
  const res = await fetch(search ? `${path}?${search}` : path, { credentials: "include", signal, headers: { Accept: "application/json" } });
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}
