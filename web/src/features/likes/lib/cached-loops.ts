/**
 * One loop as every cached list shows it: the catalog's pages, profiles, the Liked list, collections…
 * A like changes the loop wherever it is cached, in place, so that no list has to be fetched again.
 */
import type { PublicLoop } from "@loop/rules/schemas/loops";
import type { QueryClient, QueryKey } from "@tanstack/react-query";

export type LoopPatch = Partial<Pick<PublicLoop, "likeCount" | "likedByMe">>;

/** What the cache held before a change: restore it to undo the change. */
export type CacheSnapshot = { queryKey: QueryKey; data: unknown }[];

/** A catalog loop (an object with the loop's id and likedByMe), not some other record with an id. */
function isLoop(value: object): value is PublicLoop {
  return "id" in value && "likedByMe" in value && "likeCount" in value;
}

/**
 * `data` with loop `loopId` patched wherever it sits (arrays, `pages`, `loops`, `profile.loops`…);
 * the same object when it holds no such loop, so untouched queries keep their data.
 */
export function patchLoopIn(data: unknown, loopId: string, patch: (loop: PublicLoop) => LoopPatch, depth = 0): unknown {
  if (depth > 6 || data === null || typeof data !== "object") return data;
  if (Array.isArray(data)) {
    let changed = false;
    const next = data.map((item: unknown) => {
      const patched = patchLoopIn(item, loopId, patch, depth + 1);
      if (patched !== item) changed = true;
      return patched;
    });
    return changed ? next : data;
  }
  if (isLoop(data) && data.id === loopId) return { ...data, ...patch(data) };
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const patched = patchLoopIn(value, loopId, patch, depth + 1);
    if (patched !== value) changed = true;
    next[key] = patched;
  }
  return changed ? next : data;
}

/** Patches the loop in every cached query that holds it; returns what they held before. */
export function patchCachedLoop(queryClient: QueryClient, loopId: string, patch: (loop: PublicLoop) => LoopPatch): CacheSnapshot {
  const snapshot: CacheSnapshot = [];
  for (const query of queryClient.getQueryCache().findAll()) {
    const data = query.state.data;
    if (data === undefined) continue;
    const next = patchLoopIn(data, loopId, patch);
    if (next === data) continue;
    snapshot.push({ queryKey: query.queryKey, data });
    queryClient.setQueryData(query.queryKey, next);
  }
  return snapshot;
}

export function restoreSnapshot(queryClient: QueryClient, snapshot: CacheSnapshot): void {
  for (const { queryKey, data } of snapshot) queryClient.setQueryData(queryKey, data);
}
