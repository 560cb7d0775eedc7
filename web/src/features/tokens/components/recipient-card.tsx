import { useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import type { UserLookupEntry } from "../api/lookup-users";
import { MemberAvatar } from "./member-avatar";

export interface RecipientCardProps {
  recipient: UserLookupEntry;
  /** Back to the lookup, to pick someone else. */
  onChange: () => void;
  /** Moves focus to its Change button when it appears (right after a pick). */
  focusOnMount?: boolean;
  disabled?: boolean;
}

/** "You are sending to": the picked member (avatar, @username, name, account id) before the sender confirms (issue 37). */
export function RecipientCard({ recipient, onChange, focusOnMount = false, disabled = false }: RecipientCardProps) {
  const headingId = useId();
  const changeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnMount) changeRef.current?.focus();
  }, [focusOnMount]);

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-primary/40 bg-primary/5 p-3">
      <h3 id={headingId} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        You are sending to
      </h3>
      <div className="mt-2 flex items-center gap-3">
        <MemberAvatar user={recipient} className="size-11" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">@{recipient.username}</p>
          {recipient.name ? <p className="truncate text-sm text-muted-foreground">{recipient.name}</p> : null}
          <p className="truncate font-mono text-[11px] text-muted-foreground" title={recipient.id}>
            ID {recipient.id}
          </p>
        </div>
        <Button ref={changeRef} variant="outline" size="sm" onClick={onChange} disabled={disabled} aria-label="Change recipient">
          Change
        </Button>
      </div>
    </section>
  );
}
