import type { DeliveryFormat } from "@loop/rules/catalog";
import { Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { LIBRARY_SEARCH_MAX_CHARS, type LibraryFilters } from "../lib/library-filters";

/** Typing pauses this long before the list is searched. */
export const LIBRARY_SEARCH_DEBOUNCE_MS = 300;

const FORMAT_OPTIONS: { value: DeliveryFormat | ""; label: string }[] = [
  { value: "", label: "Any format" },
  { value: "mp3", label: "MP3" },
  { value: "wav", label: "WAV" },
];

export interface LibraryFilterBarProps {
  filters: LibraryFilters;
  onChange: (patch: Partial<LibraryFilters>) => void;
}

/** The format and the search box of the library (the kind is its tabs). */
export function LibraryFilterBar({ filters, onChange }: LibraryFilterBarProps) {
  const formatId = useId();
  return (
    <div className="flex w-full flex-col gap-3 sm:flex-row sm:items-center lg:w-auto">
      <div className="sm:w-40">
        <label htmlFor={formatId} className="sr-only">
          Format
        </label>
        <NativeSelect
          id={formatId}
          value={filters.format ?? ""}
          onChange={(event) => onChange({ format: (event.target.value || null) as DeliveryFormat | null })}
        >
          {FORMAT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <LibrarySearch value={filters.search} onChange={(search) => onChange({ search })} />
    </div>
  );
}

/**
 * The search box: what is typed goes to the address (`q`) once typing pauses. When the address
 * changes otherwise (filters cleared, the menu's link), the box shows its text; the text this box
 * sent coming back does not overwrite what was typed since.
 */
function LibrarySearch({ value, onChange }: { value: string; onChange: (search: string) => void }) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  const debounced = useDebouncedValue(text.trim(), LIBRARY_SEARCH_DEBOUNCE_MS);
  if (value !== seen) {
    setSeen(value);
    if (value !== debounced && value !== text.trim()) setText(value);
  }
  useEffect(() => {
    // Only once the debounce has caught up with the text (not the text before a reset).
    if (debounced === text.trim() && debounced !== value) onChange(debounced);
  }, [debounced, text, value, onChange]);

  return (
    <div className="relative w-full sm:w-72">
      <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        aria-label="Search your library"
        placeholder="Search titles and creators"
        maxLength={LIBRARY_SEARCH_MAX_CHARS}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="pl-10"
      />
    </div>
  );
}
