import type { ReactNode } from "react";
import { BrandMark } from "@/components/brand";
import { Card } from "@/components/ui/card";

/** Centred card for the sign-in pages. */
export function AuthCardLayout({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center px-4 py-16 sm:py-24">
      <Card className="w-full p-8">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <BrandMark className="size-12" />
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {children}
      </Card>
    </div>
  );
}
