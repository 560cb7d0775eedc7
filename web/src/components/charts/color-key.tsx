import { cn } from "@/lib/utils";

/** A series' colour, then its name: in the legend, the tooltip and the figures beside a chart (the swatch is decorative). */
export function ColorKey({ color, label, swatchClassName = "size-2.5" }: { color: string; label: string; swatchClassName?: string }) {
  return (
    <>
      <span className={cn(swatchClassName, "rounded-sm")} style={{ backgroundColor: color }} aria-hidden />
      {label}
    </>
  );
}
