import { Upload } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** The dialog (Radix Dialog, the shared zod schema) loads on first use: not in the landing page's JS. */
const loadUploadDialog = () => import("./upload-dialog");
const UploadDialog = lazy(() => loadUploadDialog().then((m) => ({ default: m.UploadDialog })));

export interface UploadButtonProps {
  signedIn: boolean;
  /** Signed out, Upload opens the Join dialog instead. */
  onSignInRequired: () => void;
  className?: string;
  /** The button's text (default 'Upload', hidden on small screens); e.g. 'Upload Your Loops' on home. */
  label?: string;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
}

/**
 * An Upload button and its dialog (kept mounted once opened, so uploads carry on when closed):
 * the top bar's, and any other call to action a route composes (e.g. home's 'Upload Your Loops').
 */
export function UploadButton({ signedIn, onSignInRequired, className, label, variant = "outline", size = "sm" }: UploadButtonProps) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const preload = () => {
    if (signedIn) void loadUploadDialog().catch(() => undefined);
  };
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={cn(label ? undefined : "h-9", className)}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          if (!signedIn) {
            onSignInRequired();
            return;
          }
          setMounted(true);
          setOpen(true);
        }}
      >
        <Upload aria-hidden />
        {label ? label : <span className="max-sm:sr-only">Upload</span>}
      </Button>
      {mounted && signedIn ? (
        <Suspense fallback={null}>
          <UploadDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
