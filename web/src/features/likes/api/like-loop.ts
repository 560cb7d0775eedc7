import type { LikeResult } from "@loop/rules/schemas/likes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api-client";
import { LIKED_LOOPS_QUERY_KEY } from "@/lib/query-keys";
import { type CacheSnapshot, patchCachedLoop, restoreSnapshot } from "../lib/cached-loops";

/** POST /api/loops/:id/like (like: true) or DELETE (false): the loop's count after the change. 401 signed out. */
export function setLoopLike({ loopId, like }: { loopId: string; like: boolean }): Promise<LikeResult> {
  return apiJson<LikeResult>(like ? "POST" : "DELETE", `/api/loops/${encodeURIComponent(loopId)}/like`);
}

/**
 * Likes or unlikes a loop at once in every cached list (optimistic), puts the lists back as they were
 * when the server refuses, and writes the server's count when it answers. The Liked list is fetched again.
 */
export function useSetLoopLike() {
  const queryClient = useQueryClient();
  return useMutation<LikeResult, Error, { loopId: string; like: boolean }, { snapshot: CacheSnapshot }>({
    mutationFn: setLoopLike,
    onMutate: ({ loopId, like }) => {
      const snapshot = patchCachedLoop(queryClient, loopId, (loop) =>
        loop.likedByMe === like ? {} : { likedByMe: like, likeCount: Math.max(0, loop.likeCount + (like ? 1 : -1)) },
      );
      return { snapshot };
    },
    onError: (_error, _variables, context) => {
      if (context) restoreSnapshot(queryClient, context.snapshot);
    },
    onSuccess: (result, { loopId }) => {
      patchCachedLoop(queryClient, loopId, () => result);
      void queryClient.invalidateQueries({ queryKey: LIKED_LOOPS_QUERY_KEY });
    },
  });
}
