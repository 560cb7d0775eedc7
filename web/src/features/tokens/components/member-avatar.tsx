import { MemberAvatar as SharedMemberAvatar } from "@/components/member-avatar";
import type { UserLookupEntry } from "../api/lookup-users";

/** "AS" for "Ana Silva", "BE" for "beatmaker" (no name): what shows without a profile image. */
function initialsOf({ name, username }: Pick<UserLookupEntry, "name" | "username">): string {
  const words = (name ?? "")
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ""))
    .filter(Boolean);
  const letters =
    words.length >= 2 ? `${words[0]![0]}${words.at(-1)![0]}` : (words[0] ?? username.replace(/[^\p{L}\p{N}]/gu, "")).slice(0, 2);
  return letters.toUpperCase() || "?";
}

/** A member's profile image, or their initials (from their name, else their username). */
export function MemberAvatar({ user, className }: { user: UserLookupEntry; className?: string }) {
  return <SharedMemberAvatar imageUrl={user.profileImageUrl} initials={initialsOf(user)} className={className} />;
}
