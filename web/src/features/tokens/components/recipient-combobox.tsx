import { Loader2 } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { cn } from "@/lib/utils";
import { canLookUp, lookupText, type UserLookupEntry, useLookupUsers } from "../api/lookup-users";
import { MemberAvatar } from "./member-avatar";

/** Typing pauses this long before a lookup is sent. */
export const RECIPIENT_LOOKUP_DEBOUNCE_MS = 250;

export const NO_MEMBER_FOUND = "No member found";
const SEARCHING = "Searching…";
export const LOOKUP_FAILED = "Could not look up members. Please try again.";

/** The longest text the lookup takes (userLookupQuerySchema). */
const LOOKUP_MAX_CHARS = 50;

const PANEL =
  "absolute top-full right-0 left-0 z-10 mt-1 rounded-lg border border-border bg-popover text-popover-foreground shadow-2xl shadow-black/40";

export interface RecipientComboboxProps {
  id: string;
  label: string;
  /** A member was picked from the list. */
  onPick: (user: UserLookupEntry) => void;
  /** The hint's id (what to do, why Send is off). */
  describedBy?: string;
  /** Takes the focus when it appears (after "Change"). */
  focusOnMount?: boolean;
  disabled?: boolean;
}

/**
 * The Send dialog's recipient lookup (issue 37): a combobox (ARIA 1.2, list autocomplete) that looks
 * members up by the start of their username or by their account id, debounced, from the first
 * non-space character. The arrow keys move through the members, Enter or a click picks one, Escape
 * closes the list (not the dialog).
 */
export function RecipientCombobox({ id, label, onPick, describedBy, focusOnMount = false, disabled = false }: RecipientComboboxProps) {
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const listboxId = useId();

  const query = lookupText(text);
  const debounced = useDebouncedValue(query, RECIPIENT_LOOKUP_DEBOUNCE_MS);
  const lookup = useLookupUsers(debounced);
  const searchable = canLookUp(query);
  const settled = searchable && query === debounced;
  const users = settled && lookup.data ? lookup.data.users : [];
  const expanded = open && users.length > 0;
  const activeIndex = expanded && active < users.length ? active : -1;
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  // Shown under the field while there are no members to list.
  const message =
    !open || !searchable
      ? null
      : !settled || lookup.isPending
        ? SEARCHING
        : lookup.isError
          ? LOOKUP_FAILED
          : users.length === 0
            ? NO_MEMBER_FOUND
            : null;
  const announcement = expanded ? `${users.length} ${users.length === 1 ? "member" : "members"} found` : "";

  useEffect(() => {
    if (focusOnMount) inputRef.current?.focus();
  }, [focusOnMount]);

  // Radix's dialog closes on an Escape that nobody has handled, and it hears it first (document,
  // capture phase): while the list or its message shows, Escape in the field only closes them.
  const popupShown = expanded || message !== null;
  useEffect(() => {
    const input = inputRef.current;
    const view = input?.ownerDocument.defaultView;
    if (!popupShown || !input || !view) return;
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape" || event.target !== input) return;
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    };
    view.addEventListener("keydown", onEscape, true);
    return () => view.removeEventListener("keydown", onEscape, true);
  }, [popupShown]);

  const pick = (user: UserLookupEntry) => {
    setOpen(false);
    setActive(-1);
    setText("");
    onPick(user);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (users.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const last = users.length - 1;
      const from = expanded ? activeIndex : -1;
      if (event.key === "ArrowDown") setActive(from >= last ? 0 : from + 1);
      else setActive(from <= 0 ? last : from - 1);
      return;
    }
    if (event.key === "Enter" && expanded) {
      // Never submits the form from the list: Enter picks the highlighted member, if any.
      event.preventDefault();
      const user = activeIndex >= 0 ? users[activeIndex] : undefined;
      if (user) pick(user);
    }
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Input
          ref={inputRef}
          id={id}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          spellCheck={false}
          maxLength={LOOKUP_MAX_CHARS}
          placeholder="Username or account ID"
          disabled={disabled}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
        />
        {expanded ? (
          <ul id={listboxId} role="listbox" aria-label="Members" className={cn(PANEL, "max-h-72 overflow-y-auto p-1")}>
            {users.map((user, index) => (
              <li
                key={user.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                // Keeps the focus in the field (aria-activedescendant), so the click picks without a blur first.
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(index)}
                onClick={() => pick(user)}
                className={cn(
                  "flex cursor-pointer items-center gap-3 rounded-md px-2.5 py-2",
                  index === activeIndex ? "bg-muted" : "hover:bg-muted/60",
                )}
              >
                <MemberAvatar user={user} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-semibold">@{user.username}</span>
                  {user.name ? " " : null}
                  {user.name ? <span className="block truncate text-xs text-muted-foreground">{user.name}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {/* One live region: the message as a panel under the field, or only the count for screen readers. */}
        <p
          role="status"
          className={
            message
              ? cn(
                  PANEL,
                  "flex items-center gap-2 px-3 py-3 text-sm",
                  message === LOOKUP_FAILED ? "text-destructive" : "text-muted-foreground",
                )
              : "sr-only"
          }
        >
          {message === SEARCHING ? <Loader2 className="size-4 animate-spin text-primary" aria-hidden /> : null}
          {message ?? announcement}
        </p>
      </div>
    </div>
  );
}
