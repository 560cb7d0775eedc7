import { CircleAlert, CircleCheck, Info } from "lucide-react";
import { dismissToast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, useToasts } from "@/lib/toast";
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from "./toast";

const ICONS = {
  default: <Info className="mt-0.5 size-5 shrink-0 text-highlight" aria-hidden />,
  success: <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />,
  destructive: <CircleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />,
};

/** Renders the toast store with docs/product.md#limits defaults: 5000 ms, one visible, 50 px swipe, hotkey F8. */
export function Toaster() {
  const toasts = useToasts();

  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeThreshold={TOAST_SWIPE_THRESHOLD_PX} swipeDirection="right">
      {toasts.map((item) => (
        <Toast
          key={item.id}
          open={item.open}
          variant={item.variant}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
        >
          {ICONS[item.variant ?? "default"]}
          <div className="grid min-w-0 flex-1 gap-1">
            <ToastTitle>{item.title}</ToastTitle>
            {item.description ? <ToastDescription>{item.description}</ToastDescription> : null}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={["F8"]} />
    </ToastProvider>
  );
}
