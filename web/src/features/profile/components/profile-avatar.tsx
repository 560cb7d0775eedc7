import { useState } from "react";
import { cn } from "@/lib/utils";

function initialsOf(name: string): string {
  return (
    name
      .replace(/[^a-z0-9]/gi, "")
      .slice(0, 2)
      .toUpperCase() || "?"
  );
}

/** The profile image, or the name's initials on the brand gradient (also when the image fails to load). */
export function ProfileAvatar({ name, imageUrl, className }: { name: string; imageUrl: string | null; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (imageUrl && failed !== imageUrl) {
    return (
      <img
        src={imageUrl}
        alt={`${name}'s profile picture`}
        referrerPolicy="no-referrer"
        onError={() => setFailed(imageUrl)}
        className={cn("size-20 shrink-0 rounded-2xl border border-border object-cover", className)}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={`${name}'s avatar`}
      className={cn(
        "bg-brand-gradient flex size-20 shrink-0 items-center justify-center rounded-2xl text-2xl font-black text-white",
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
