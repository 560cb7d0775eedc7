import * as DialogPrimitive from "@radix-ui/react-dialog";
import { type LucideIcon, X } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** Radix Dialog's content in the app's overlay, with its Close button; `placement`: where and how it shows (a centred card, a side sheet). */
export function DialogPanel({
  placement,
  className,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { placement: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/75 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn("z-50 bg-popover text-popover-foreground shadow-2xl shadow-primary/10", placement, className)}
        {...props}
      >
        {children}
        <DialogPrimitive.Close className="absolute top-4 right-4 rounded-md p-1 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground">
          <X className="size-4" aria-hidden />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** A centred card; taller than the screen (a short laptop's, a phone's on its side), it scrolls within itself. */
export function DialogContent(props: ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPanel
      placement="fixed top-1/2 left-1/2 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border p-6 data-[state=closed]:animate-zoom-out data-[state=open]:animate-zoom-in"
      {...props}
    />
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-6", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("text-xl font-bold tracking-tight", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

export interface DialogHeadingProps {
  title: ReactNode;
  /** Shown before the title; the title is then kept to one line (a loop's long title is cut short). */
  icon?: LucideIcon;
  /** Always rendered (Radix links it to the dialog), empty while there is nothing to say. */
  description?: ReactNode;
}

/** A dialog's title, with an optional icon, and its description. */
export function DialogHeading({ title, icon: Icon, description }: DialogHeadingProps) {
  return (
    <DialogHeader>
      {Icon ? (
        <DialogTitle className="flex items-center gap-2">
          <Icon className="size-5 shrink-0 text-primary" aria-hidden />
          <span className="truncate">{title}</span>
        </DialogTitle>
      ) : (
        <DialogTitle>{title}</DialogTitle>
      )}
      <DialogDescription>{description}</DialogDescription>
    </DialogHeader>
  );
}
