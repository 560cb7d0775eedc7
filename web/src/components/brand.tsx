import { paths } from "@loop/rules/paths";
import { Link } from "react-router";
import { cn } from "@/lib/utils";

/** The LOOP logo mark: a gradient tile with equaliser bars. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={cn("bg-brand-gradient inline-flex size-9 items-center justify-center rounded-lg shadow-lg shadow-primary/30", className)}
    >
      <svg viewBox="0 0 24 24" className="size-5 fill-white">
        <rect x="3" y="9" width="2.4" height="6" rx="1.2" />
        <rect x="7.4" y="5" width="2.4" height="14" rx="1.2" />
        <rect x="11.8" y="7.5" width="2.4" height="9" rx="1.2" />
        <rect x="16.2" y="3.5" width="2.4" height="17" rx="1.2" />
        <rect x="20.6" y="9.5" width="2.4" height="5" rx="1.2" />
      </svg>
    </span>
  );
}

export function Brand({ className }: { className?: string }) {
  return (
    <Link to={paths.root()} className={cn("group inline-flex items-center gap-2.5 rounded-md", className)} aria-label="LOOP home">
      <BrandMark className="transition-transform group-hover:scale-105" />
      <span className="font-display text-xl font-black tracking-tight">LOOP</span>
    </Link>
  );
}
