import { lazy, Suspense, useEffect, useState } from "react";
import { showFlashToast, useToasts } from "@/lib/toast";

const Toaster = lazy(() => import("./ui/toaster").then((m) => ({ default: m.Toaster })));

/**
 * Loads the Radix toaster with the first toast (a page without toasts does not pay for it) and
 * shows a toast carried over a reload (e.g. 'Connected Successfully' after wallet sign-in).
 */
export function ToasterHost() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);

  useEffect(() => {
    showFlashToast();
  }, []);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
