import { relativeKey } from "@loop/rules/musical-keys";
import { centsToPrice, priceToCents } from "@loop/rules/catalog";
import { Plus, SlidersHorizontal, X } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { MusicalKeyOptions } from "@/components/select-options";
import { SkeletonList } from "@/components/skeleton-list";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { useGenres } from "@/lib/get-genres";
import { cn } from "@/lib/utils";
import {
  clearedFilters,
  CONTENT_TYPE_FILTERS,
  DURATION_FILTERS,
  FILTER_BPM_MAX,
  isFiltered,
  type LoopFilters,
  MAX_FILTER_TAGS,
  normalizeFilterTag,
  PRICE_FILTERS,
} from "../lib/loop-filters";

const inputClass = "size-4 shrink-0 cursor-pointer accent-violet-500";
const optionClass = "flex cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm hover:bg-muted/60";
const fieldClass =
  "h-9 w-full rounded-md border border-input bg-surface px-2.5 text-sm text-foreground transition-colors hover:border-primary/40 focus-visible:border-primary focus-visible:ring-3 focus-visible:ring-primary/25 focus-visible:outline-none";

/**
 * The catalog's filters (docs/product.md#home): loops or tracks, genres (several at once), BPM
 * range, key (with its relative major or minor), tags, free or paid with a price range, duration.
 * The sidebar on a wide screen, the Filters drawer on a phone.
 */
export function LoopFiltersPanel({
  filters,
  onChange,
  className,
}: {
  filters: LoopFilters;
  onChange: (filters: LoopFilters) => void;
  className?: string;
}) {
  const genres = useGenres();
  const id = useId();
  const set = (changes: Partial<LoopFilters>) => onChange({ ...filters, ...changes });
  const toggleGenre = (genreId: number, checked: boolean) =>
    set({ genreIds: checked ? [...filters.genreIds, genreId] : filters.genreIds.filter((other) => other !== genreId) });
  const relative = filters.key ? relativeKey(filters.key) : null;

  return (
    <div className={className}>
      <div className="flex items-center justify-between">
        <h2 className="flex items-center gap-2 text-sm font-semibold">
          <SlidersHorizontal className="size-4" aria-hidden />
          Filters
        </h2>
        {isFiltered(filters) ? (
          <Button variant="link" size="sm" className="h-auto text-xs" onClick={() => onChange(clearedFilters(filters))}>
            Clear all
          </Button>
        ) : null}
      </div>

      <FilterGroup legend="Type">
        <RadioOptions options={CONTENT_TYPE_FILTERS} value={filters.contentType} onChange={(contentType) => set({ contentType })} />
      </FilterGroup>

      <FilterGroup legend="Genre">
        {genres.isLoading ? (
          <SkeletonList className="grid gap-2 px-2 py-1" itemClassName="h-4 w-28" count={4} />
        ) : genres.isError ? (
          <p className="px-2 text-xs text-muted-foreground">Genres could not be loaded.</p>
        ) : (
          <div className="grid max-h-60 gap-0.5 overflow-y-auto pr-1">
            {(genres.data ?? []).map((genre) => (
              <label key={genre.id} className={optionClass}>
                <input
                  type="checkbox"
                  className={inputClass}
                  checked={filters.genreIds.includes(genre.id)}
                  onChange={(event) => toggleGenre(genre.id, event.target.checked)}
                />
                {genre.name}
              </label>
            ))}
          </div>
        )}
      </FilterGroup>

      <FilterGroup legend="BPM">
        <RangeFilter
          unit="BPM"
          bounds={[filters.bpmMin, filters.bpmMax]}
          show={String}
          read={(text) => readWhole(text, FILTER_BPM_MAX)}
          onCommit={([bpmMin, bpmMax]) => set({ bpmMin, bpmMax })}
        />
      </FilterGroup>

      <FilterGroup legend="Key">
        <div className="grid gap-2 px-2">
          <label htmlFor={`${id}-key`} className="sr-only">
            Key
          </label>
          <NativeSelect
            id={`${id}-key`}
            className="h-9"
            value={filters.key ?? ""}
            onChange={(event) => set({ key: event.target.value || null, relativeKey: event.target.value ? filters.relativeKey : false })}
          >
            <option value="">Any key</option>
            <MusicalKeyOptions current={filters.key} />
          </NativeSelect>
          <label className={cn(optionClass, "px-0", !relative && "cursor-not-allowed opacity-60")}>
            <input
              type="checkbox"
              className={inputClass}
              disabled={!relative}
              checked={filters.relativeKey}
              onChange={(event) => set({ relativeKey: event.target.checked })}
            />
            {relative ? `Include the relative key (${relative})` : "Include the relative key"}
          </label>
        </div>
      </FilterGroup>

      <FilterGroup legend="Tags">
        <TagsFilter tags={filters.tags} onChange={(tags) => set({ tags })} />
      </FilterGroup>

      <FilterGroup legend="Price">
        <RadioOptions
          options={PRICE_FILTERS}
          value={filters.price}
          onChange={(price) => set(price === "free" ? { price, priceMin: null, priceMax: null } : { price })}
        />
        {filters.price === "free" ? null : (
          <RangeFilter
            className="mt-1"
            unit="price ($)"
            inputMode="decimal"
            bounds={[filters.priceMin, filters.priceMax]}
            show={centsToPrice}
            read={readPrice}
            onCommit={([priceMin, priceMax]) => set({ priceMin, priceMax })}
          />
        )}
      </FilterGroup>

      <FilterGroup legend="Duration">
        <RadioOptions options={DURATION_FILTERS} value={filters.duration} onChange={(duration) => set({ duration })} />
      </FilterGroup>
    </div>
  );
}

/** One choice among `options`: radio buttons of one group. */
function RadioOptions<V extends string>({
  options,
  value,
  onChange,
}: {
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}) {
  const name = useId();
  return (
    <>
      {options.map((option) => (
        <label key={option.value} className={optionClass}>
          <input type="radio" name={name} className={inputClass} checked={value === option.value} onChange={() => onChange(option.value)} />
          {option.label}
        </label>
      ))}
    </>
  );
}

/** A whole number from 0 to `max`; "" is no bound; anything else is not read (undefined). */
function readWhole(text: string, max: number): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return /^\d{1,4}$/.test(trimmed) && Number(trimmed) <= max ? Number(trimmed) : undefined;
}

/** Dollars ("5", "4.99") to cents; "" is no bound; anything else is not read (undefined). */
function readPrice(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/^\$/, "");
  if (trimmed === "") return null;
  return priceToCents(trimmed) ?? undefined;
}

type Bounds = [min: number | null, max: number | null];

/** A range's two bounds side by side ("Min BPM", "Max BPM"); `onCommit` gets both once one of them changed. */
function RangeFilter({
  unit,
  bounds,
  show,
  read,
  onCommit,
  inputMode,
  className,
}: {
  unit: string;
  bounds: Bounds;
  show: (value: number) => string;
  read: (text: string) => number | null | undefined;
  onCommit: (bounds: Bounds) => void;
  inputMode?: "numeric" | "decimal";
  className?: string;
}) {
  const [min, max] = bounds;
  return (
    <div className={cn("grid grid-cols-2 gap-2 px-2", className)}>
      {(["Min", "Max"] as const).map((side, index) => {
        const bound = index === 0 ? min : max;
        return (
          <NumberFilter
            // A new value from outside (Clear all, the address) starts the field over.
            key={`${side}-${bound}`}
            label={`${side} ${unit}`}
            inputMode={inputMode}
            value={bound === null ? "" : show(bound)}
            read={read}
            onCommit={(value) => onCommit(index === 0 ? [value, max] : [min, value])}
          />
        );
      })}
    </div>
  );
}

/**
 * A bound typed in full, then applied on Enter or on leaving the field (not at each keystroke); a
 * value it cannot read goes back to the one applied.
 */
function NumberFilter({
  label,
  value,
  read,
  onCommit,
  inputMode = "numeric",
}: {
  label: string;
  value: string;
  read: (text: string) => number | null | undefined;
  onCommit: (value: number | null) => void;
  inputMode?: "numeric" | "decimal";
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const commit = () => {
    const parsed = read(text);
    if (parsed === undefined) setText(value);
    else if (text.trim() !== value) onCommit(parsed);
  };
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode={inputMode}
        autoComplete="off"
        className={fieldClass}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            commit();
          }
        }}
      />
    </div>
  );
}

/** The tags asked for, each removable, and a field to add one (Enter or Add). */
function TagsFilter({ tags, onChange }: { tags: string[]; onChange: (tags: string[]) => void }) {
  const id = useId();
  const [text, setText] = useState("");
  const full = tags.length >= MAX_FILTER_TAGS;
  const add = (event: FormEvent) => {
    event.preventDefault();
    const added = text
      .split(",")
      .map(normalizeFilterTag)
      .filter((tag): tag is string => tag !== null && !tags.includes(tag));
    if (added.length > 0) onChange([...tags, ...new Set(added)].slice(0, MAX_FILTER_TAGS));
    setText("");
  };
  return (
    <div className="grid gap-2 px-2">
      {tags.length > 0 ? (
        <ul aria-label="Tags filtered by" className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(tags.filter((other) => other !== tag))}
                className="inline-flex items-center gap-1 rounded-full border border-primary/40 bg-primary/10 px-2 py-0.5 text-xs font-medium hover:bg-primary/20 focus-visible:outline-2 focus-visible:outline-ring"
              >
                {tag}
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {/* Not a <form>: the drawer and the sidebar may sit inside another form one day; Enter adds. */}
      <div className="flex gap-1.5">
        <label htmlFor={id} className="sr-only">
          Add a tag
        </label>
        <input
          id={id}
          type="text"
          autoComplete="off"
          placeholder={full ? `At most ${MAX_FILTER_TAGS} tags` : "Add a tag, e.g. dark"}
          disabled={full}
          className={fieldClass}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") add(event);
          }}
        />
        <Button
          type="button"
          size="icon-sm"
          variant="outline"
          className="size-9 shrink-0"
          aria-label="Add tag"
          disabled={full}
          onClick={add}
        >
          <Plus aria-hidden />
        </Button>
      </div>
    </div>
  );
}

function FilterGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="mt-4 border-t border-border pt-3">
      <legend className="float-left mb-1.5 w-full px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {legend}
      </legend>
      <div className="clear-both grid gap-0.5">{children}</div>
    </fieldset>
  );
}
