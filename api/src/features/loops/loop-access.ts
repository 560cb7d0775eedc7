// Who reaches a loop (issue 37). Listed: in the catalog, search and profiles (ready and public).
// Reachable: its page, preview and sale work for anyone with its link (listed, or unlisted). Private
// loops reach their creator only; hidden (moderation) and removed (taken down) loops nobody but
// their creator and, for their files, their buyers.
import type { LoopVisibility } from "@loop/rules/schemas/loops";

export interface LoopAccessFields {
  status: string;
  isPublic: boolean;
  unlisted: boolean;
}

export const isListed = (loop: Pick<LoopAccessFields, "status" | "isPublic">): boolean => loop.status === "ready" && loop.isPublic;

export const isReachable = (loop: LoopAccessFields): boolean => loop.status === "ready" && (loop.isPublic || loop.unlisted);

export const visibilityOf = (loop: Pick<LoopAccessFields, "isPublic" | "unlisted">): LoopVisibility =>
  loop.isPublic ? "public" : loop.unlisted ? "unlisted" : "private";

/** The columns a visibility is stored as (CHECK loops_unlisted_check: never both). */
export const visibilityColumns = (visibility: LoopVisibility) => ({
  isPublic: visibility === "public",
  unlisted: visibility === "unlisted",
});
