import { getServerMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";

/** A failed admin action: the spec's toast title, the server's message (or the spec's text). */
export function failureToast(title: string, error: unknown, fallback: string): void {
  toast({ title, description: getServerMessage(error, fallback), variant: "destructive" });
}

export function successToast(title: string, description?: string): void {
  toast({ title, description, variant: "success" });
}
