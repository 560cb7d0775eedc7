import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { useId } from "react";
import { Button } from "./button";
import { NativeSelect } from "./native-select";
import { cn } from "@/lib/utils";

/** A sortable column's header: its label and the direction it sorts in (two arrows while another column sorts). */
export function SortHeaderButton({
  label,
  active,
  descending,
  onClick,
}: {
  label: string;
  active: boolean;
  descending: boolean;
  onClick: () => void;
}) {
  const Icon = !active ? ArrowUpDown : descending ? ArrowDown : ArrowUp;
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(
        "inline-flex cursor-pointer items-center gap-1 rounded px-1 py-0.5 tracking-wide uppercase hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
        active && "text-foreground",
      )}
    >
      {label}
      <Icon className={cn("size-3.5", !active && "opacity-50")} aria-hidden />
    </button>
  );
}

/**
 * A table's sort on a phone, where its headers are not shown: "Sort by" (a new choice sorts most
 * first) and a button that turns the direction, saying it (`directionText`, "Most first" by default).
 */
export function PhoneSortControl<Key extends string>({
  labels,
  value,
  descending,
  onChange,
  directionText = (down) => (down ? "Most first" : "Least first"),
  className,
}: {
  labels: Record<Key, string>;
  value: Key;
  descending: boolean;
  onChange: (key: Key, descending: boolean) => void;
  directionText?: (descending: boolean) => string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn("flex flex-wrap items-end gap-2", className)}>
      <div className="grid min-w-0 flex-1 gap-1">
        <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
          Sort by
        </label>
        <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value as Key, true)}>
          {(Object.keys(labels) as Key[]).map((key) => (
            <option key={key} value={key}>
              {labels[key]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button variant="outline" className="h-11" onClick={() => onChange(value, !descending)}>
        {descending ? <ArrowDown aria-hidden /> : <ArrowUp aria-hidden />}
        {directionText(descending)}
      </Button>
    </div>
  );
}
