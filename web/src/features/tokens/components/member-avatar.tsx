import { useState } from "react";
import { cn } from "@/lib/utils";
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

/** A member's profile image, or their initials on the brand gradient (also when the image fails to load); decorative. */
export function MemberAvatar({ user, className }: { user: UserLookupEntry; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const imageUrl = user.profileImageUrl;
  if (imageUrl && failed !== imageUrl) {
    return (
      <img
        src={imageUrl}
        alt=""
        loading="lazy"
        referrerPolicy="no-referrer"
        onError={() => setFailed(imageUrl)}
        className={cn("size-9 shrink-0 rounded-full object-cover", className)}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={cn(
        "bg-brand-gradient flex size-9 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white",
        className,
      )}
    >
      {initialsOf(user)}
    </span>
  );
}
