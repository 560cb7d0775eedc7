// What a buyer receives, checked the same way whatever the way to pay: at once (the toast, the
// file, Download on the card) and by e-mail (the receipt's signed link, the seller's notice).
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { expect, expectToast } from "./fixtures";
import { type CaughtMail, mailIds, waitForMail } from "./maildev";
import type { StackInfo } from "./stack";
import { EVENT_DEADLINE_MS } from "./deadlines";

/** The signed download link of a purchase e-mail (`…/api/downloads/<token>`), from its text part. */
export function downloadLink(mail: CaughtMail): URL {
  const match = /https?:\/\/[^\s"'<>]+\/api\/downloads\/[^\s"'<>]+/.exec(mail.text ?? "");
  if (!match) throw new Error(`no /api/downloads/ link in the mail "${mail.subject}"`);
  return new URL(match[0]);
}

export function isWav(bytes: Buffer): boolean {
  return bytes.length > 44 && bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WAVE";
}

/** An MP3: an ID3v2 tag, or straight away an MPEG audio frame (11 sync bits). */
export function isMp3(bytes: Buffer): boolean {
  if (bytes.length < 128) return false;
  if (bytes.subarray(0, 3).toString("latin1") === "ID3") return true;
  return bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0;
}

export type DeliveryFormat = "mp3" | "wav";

/** Whether `bytes` are a file of `format`. */
export function isFormat(bytes: Buffer, format: DeliveryFormat): boolean {
  return format === "wav" ? isWav(bytes) : isMp3(bytes);
}

export interface WavPurchase {
  /** The buyer's page, with the Purchase dialog open. */
  page: Page;
  dialog: Locator;
  /** The loop's card behind the dialog. */
  card: Locator;
  title: string;
  /** The file name the download gets, without extension. */
  slug: string;
}

/** The mails of both sides before paying, so that the new ones can be told apart. */
export async function mailsBefore(stack: StackInfo, buyerEmail: string, sellerEmail: string) {
  return { buyer: await mailIds(stack.mailUrl, buyerEmail), seller: await mailIds(stack.mailUrl, sellerEmail) };
}

/**
 * Clicks `pay`; then the success toast, the WAV downloaded at once, the dialog closed and Download on
 * the card. Options: `paying`, a button shown disabled while it pays; `timeout` for the toast and the
 * download (an on-chain payment waits for its settlement; default: the toast's default, 30 s for the
 * download); `message`, the toast's text (default `<title> (WAV) is yours`).
 */
export async function payAndExpectWav(
  { page, dialog, card, title, slug }: WavPurchase,
  pay: Locator,
  { paying, timeout, message = `${title} (WAV) is yours` }: { paying?: Locator; timeout?: number; message?: string } = {},
): Promise<void> {
  const downloading = page.waitForEvent("download", { timeout: timeout ?? 30_000 });
  await pay.click();
  if (paying) await expect(paying).toBeDisabled();
  await expectToast(page, "Purchase Successful", message, { timeout });
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${slug}.wav`);
  expect(isWav(await readFile((await download.path())!)), "the download is a WAV file").toBe(true);
  await expect(dialog).toBeHidden();
  await expect(card.getByRole("button", { name: `Download ${title}` })).toBeVisible();
  await expect(card.getByRole("button", { name: `Buy ${title}` })).toBeVisible(); // the other format (MP3) is still for sale
}

/**
 * The buyer's receipt with a signed link that answers the file bought (`format`, WAV unless said
 * otherwise) as an attachment, and the seller's sale notice. Returns both mails.
 */
export async function expectPurchaseMails(
  stack: StackInfo,
  page: Page,
  purchase: {
    title: string;
    slug: string;
    buyerEmail: string;
    sellerEmail: string;
    before: Awaited<ReturnType<typeof mailsBefore>>;
    format?: DeliveryFormat;
  },
): Promise<{ receipt: CaughtMail; sale: CaughtMail }> {
  const { title, slug, buyerEmail, sellerEmail, before, format = "wav" } = purchase;
  const label = format.toUpperCase();
  const receipt = await waitForMail(stack.mailUrl, buyerEmail, { except: before.buyer });
  expect(receipt.subject).toBe(`Your download: ${title} (${label})`);
  const link = downloadLink(receipt);
  expect(link.origin).toBe(stack.webUrl);
  const mailed = await page.request.get(link.href);
  expect(mailed.status()).toBe(200);
  expect(mailed.headers()["content-disposition"]).toBe(`attachment; filename="${slug}.${format}"`);
  expect(isFormat(await mailed.body(), format), `the mailed link answers a ${label} file`).toBe(true);
  const sale = await waitForMail(stack.mailUrl, sellerEmail, { except: before.seller });
  expect(sale.subject).toBe(`You sold ${title} (${label})`);
  return { receipt, sale };
}

/**
 * On a card the buyer owns: Download → the format menu → `format`, until the file downloads (a menu
 * opened while the page settles has been seen to close again, see catalog.spec.ts); checks its
 * name (`<slug>.<format>`) and content.
 */
export async function downloadFromCard(
  page: Page,
  card: Locator,
  { title, slug, format }: { title: string; slug: string; format: DeliveryFormat },
): Promise<void> {
  await page.waitForLoadState("networkidle");
  const downloading = page.waitForEvent("download", { timeout: EVENT_DEADLINE_MS });
  // The format's own item ("WAV lossless"), not the licence items ("Licence (WAV)", "Verify licence (WAV)").
  const item = page.getByRole("menuitem", { name: new RegExp(`^${format.toUpperCase()}`) });
  await expect(async () => {
    if (!(await item.isVisible())) await card.getByRole("button", { name: `Download ${title}` }).click();
    await item.click({ timeout: 2_000 });
  }).toPass({ timeout: EVENT_DEADLINE_MS });
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${slug}.${format}`);
  expect(isFormat(await readFile((await download.path())!), format), `the download is a ${format.toUpperCase()} file`).toBe(true);
}
