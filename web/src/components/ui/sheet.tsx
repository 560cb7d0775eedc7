import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { ComponentProps } from "react";
import { DialogPanel } from "./dialog";

/**
 * A dialog that slides in from the side of the screen (a phone's drawer): Radix Dialog's focus trap,
 * Escape and outside click, with its Close button. Give it a DialogTitle (and a description).
 */
export function SheetContent(props: ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPanel
      placement="fixed inset-y-0 left-0 flex w-[min(22rem,calc(100%-2.5rem))] flex-col overflow-y-auto border-r border-border p-5 data-[state=closed]:animate-fade-out data-[state=open]:animate-slide-up"
      {...props}
    />
  );
}
