import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

export const badgeVariants = cva(
  "inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap [&_svg]:size-3.5",
  {
    variants: {
      variant: {
        default: "border-primary/40 bg-primary/15 text-violet-200",
        accent: "border-accent/40 bg-accent/15 text-pink-200",
        highlight: "border-highlight/40 bg-highlight/10 text-cyan-200",
        success: "border-success/40 bg-success/10 text-emerald-200",
        warning: "border-warning/40 bg-warning/10 text-amber-200",
        destructive: "border-destructive/40 bg-destructive/15 text-rose-200",
        outline: "border-border text-muted-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export interface BadgeProps extends ComponentProps<"span">, VariantProps<typeof badgeVariants> {}

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
