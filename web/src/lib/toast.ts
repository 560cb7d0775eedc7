/**
 * Toast store (docs/product.md#limits: one toast visible at a time). `toast()` can be called from anywhere;
 * `<Toaster />` renders the current toast with Radix Toast.
 */
import { useSyncExternalStore } from "react";

export type ToastVariant = "default" | "success" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

/** docs/product.md#limits toast defaults. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_REMOVE_DELAY_MS = 300;

let nextId = 1;
let items: ToastItem[] = [];
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  items = [{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  if (!items.some((item) => item.id === id && item.open)) return;
  items = items.map((item) => (item.id === id ? { ...item, open: false } : item));
  emit();
  setTimeout(() => {
    items = items.filter((item) => item.id !== id);
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}

/** Test helper: forget every toast. */
export function clearToasts(): void {
  items = [];
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}

const FLASH_KEY = "loop.flash-toast";

/** Keeps a toast across a full-page reload (e.g. 'Connected Successfully' before reloading to /). */
export function setFlashToast(input: ToastInput): void {
  try {
    sessionStorage.setItem(FLASH_KEY, JSON.stringify(input));
  } catch {
    // Storage unavailable: the toast is simply not carried over.
  }
}

/** Shows (once) the toast kept by `setFlashToast` before the last reload. */
export function showFlashToast(): void {
  try {
    const raw = sessionStorage.getItem(FLASH_KEY);
    if (!raw) return;
    sessionStorage.removeItem(FLASH_KEY);
    const parsed = JSON.parse(raw) as Partial<ToastInput>;
    if (typeof parsed.title === "string") toast({ title: parsed.title, description: parsed.description, variant: parsed.variant });
  } catch {
    // Ignore malformed or unavailable storage.
  }
}
