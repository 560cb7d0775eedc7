import { useState } from "react";
import { cn } from "@/lib/utils";

export interface MemberAvatarProps {
  /** The member's profile image, if they have one. */
  imageUrl: string | null | undefined;
  /** What shows without an image (two letters, say). */
  initials: string;
  className?: string;
}

/** A member's profile image, or their initials on the brand gradient (also when the image fails to load); decorative. */
export function MemberAvatar({ imageUrl, initials, className }: MemberAvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
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
      {initials}
    </span>
  );
}
