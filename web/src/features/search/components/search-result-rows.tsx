import { paths } from "@loop/rules/paths";
import { Music2 } from "lucide-react";
import { Link } from "react-router";
import { MemberAvatar } from "@/components/member-avatar";
import { cn } from "@/lib/utils";
import type { SearchLoop, SearchUser } from "../api/search";
import { formatPrice, fullName, initials } from "../lib/format-result";

interface RowProps {
  onNavigate?: () => void;
  className?: string;
}

const ROW =
  "flex items-center gap-3 rounded-md px-2.5 py-2 outline-none transition-colors hover:bg-muted focus-visible:bg-muted focus-visible:ring-2 focus-visible:ring-ring";

export function UserAvatar({ user, className }: { user: Pick<SearchUser, "username" | "profileImageUrl">; className?: string }) {
  return <MemberAvatar imageUrl={user.profileImageUrl} initials={initials(user.username)} className={className} />;
}

/** A user result: links to their public profile (/profile/{id}). */
export function UserResultRow({ user, onNavigate, className }: RowProps & { user: SearchUser }) {
  const name = fullName(user);
  return (
    <Link to={paths.userProfile(user.id)} onClick={onNavigate} className={cn(ROW, className)} data-search-item>
      <UserAvatar user={user} />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold">{user.username}</span>
        <span className="block truncate text-xs text-muted-foreground">
          {name ? `${name} · Level ${user.level}` : `Level ${user.level}`}
        </span>
      </span>
    </Link>
  );
}

/** A loop result: title, genre, BPM, price and creator; opens the loop's page (issue 36). */
export function LoopResultRow({ loop, onNavigate, className }: RowProps & { loop: SearchLoop }) {
  return (
    <Link
      to={paths.loop(loop.id)}
      onClick={onNavigate}
      className={cn(ROW, className)}
      data-search-item
      aria-label={`${loop.title} by ${loop.user.username}, ${loop.genre.name}${loop.bpm ? `, ${loop.bpm} BPM` : ""}, ${formatPrice(loop.price, loop.isFree)}`}
    >
      <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/15 text-primary">
        <Music2 className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold">{loop.title}</span>
        <span className="block truncate text-xs text-muted-foreground">
          by {loop.user.username} · {loop.genre.name}
          {loop.bpm ? ` · ${loop.bpm} BPM` : ""}
        </span>
      </span>
      <span className={cn("shrink-0 text-xs font-bold", loop.isFree ? "text-success" : "text-foreground")}>
        {formatPrice(loop.price, loop.isFree)}
      </span>
    </Link>
  );
}
