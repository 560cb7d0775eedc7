// Uploading a loop through the Upload dialog, as a signed-in creator does it.
import { expect, type Page } from "@playwright/test";
import { loopWav } from "./loop-wav";
import { EVENT_DEADLINE_MS } from "./deadlines";

export interface UploadOptions {
  title: string;
  /** "FREE" ticks Free download; otherwise the price in USD as typed ("0.50"). */
  price: "FREE" | string;
  genre?: string;
  bpm?: number;
  seconds?: number;
  /** The audio file's name as the browser reports it. */
  fileName?: string;
}

/** A title nobody else has (a base-36 stamp), so filters, search and lists can only match it. */
export function uniqueWord(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
}

/**
 * Top bar → Upload → fills the dialog (an 8 s 120 BPM beat by default) → Upload Loop, then waits
 * for "Upload Successful" (the dialog says so once the loop is processed and listed).
 */
export async function uploadLoop(page: Page, options: UploadOptions): Promise<void> {
  const { title, price, genre = "Funk", bpm = 120, seconds = 8, fileName = "tape-groove.wav" } = options;
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Your Music" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Audio file").setInputFiles({ name: fileName, mimeType: "audio/wav", buffer: loopWav({ seconds, bpm }) });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Genre").selectOption({ label: genre });
  if (price === "FREE") await dialog.getByLabel("Free download").check();
  else await dialog.getByLabel("Price (USD)").fill(price);
  await dialog.getByLabel("BPM").fill(String(bpm));
  await dialog.getByRole("button", { name: "Upload Loop" }).click();
  // This upload's own toast (an earlier upload's may still be on screen).
  await expect(page.getByText(`"${title}" is processed and listed.`).first()).toBeVisible({ timeout: EVENT_DEADLINE_MS });
  await expect(page.getByText("Upload Successful").first()).toBeVisible();
  await expect(dialog).toBeHidden();
}
