import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";

export interface PageNoticeProps {
  /** The icon over the title; none for a plain notice. */
  icon?: LucideIcon;
  /** The icon's colour (muted unless given). */
  iconClassName?: string;
  title: ReactNode;
  text: ReactNode;
  /** `alert` when the notice is a refusal that must be announced. */
  role?: "alert";
  /** What to do next (a button or a link under the text), if anything. */
  children?: ReactNode;
}

/** A page that has nothing to show but why (not found, could not load, signed out): one centred card. */
export function PageNotice({ icon: Icon, iconClassName = "text-muted-foreground", title, text, role, children }: PageNoticeProps) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center px-4 py-24">
      <Card className="w-full p-10 text-center" role={role}>
        {Icon ? <Icon className={cn("mx-auto size-10", iconClassName)} aria-hidden /> : null}
        <h1 className={cn("text-2xl font-bold", Icon && "mt-4")}>{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{text}</p>
        {children}
      </Card>
    </div>
  );
}
