// The licence as a PDF (docs/licence.md), made on request and never stored: the facts, the status at
// the time it is made, the terms in brief, the verification address and a QR code of it. The
// standard Helvetica fonts (no font file to ship) encode WinAnsi only: a character outside it (e.g.
// a title in Japanese) is printed as "?"; the verification page shows the exact text.
import { LICENCE_METHOD_NAMES, LICENCE_TERMS, licenceDateLabel, type Licence } from "@loop/rules/schemas/licences";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import QRCode from "qrcode";

const PAGE = { width: 595.28, height: 841.89 } as const; // A4, points
const MARGIN = 56;
const INK = rgb(0.07, 0.07, 0.09);
const MUTED = rgb(0.38, 0.38, 0.42);
const VALID = rgb(0.02, 0.5, 0.27);
const REVOKED = rgb(0.75, 0.1, 0.1);

/** "2026-11-30T08:05:00.000Z" → "2026-11-30 08:05 UTC". */
export const utcText = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** `text` with what the font cannot encode replaced by "?" (and control characters by spaces). */
function printable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return Array.from(text, (char) => {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f) return " ";
    return supported.has(code) ? char : "?";
  }).join("");
}

/** Words of `text` in lines no wider than `width`; a word wider than a line is cut. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/** The rows of facts, in the page's order. */
export function licenceFacts(licence: Licence): [string, string][] {
  // The members by their current handle and their account id: a handle can change hands, the id cannot.
  const creatorHandle = `@${licence.creator.username}, account ${licence.creator.id}`;
  const creator = licence.creator.name ? `${licence.creator.name} (${creatorHandle})` : creatorHandle;
  const paid = licence.loopAmount ? `$${licence.total} USD (${licence.loopAmount} LOOP)` : `$${licence.total} USD`;
  return [
    ["Loop", licence.loop.title],
    ["Creator", creator],
    ["Licensee (buyer)", `@${licence.buyer.username}, account ${licence.buyer.id}`],
    ["Format", licence.format.toUpperCase()],
    ["Price", `$${licence.price} USD`],
    ["Marketplace fee", `$${licence.fee} USD`],
    ["Total paid", paid],
    ["Paid with", LICENCE_METHOD_NAMES[licence.method]],
    [licenceDateLabel(licence), utcText(licence.issuedAt)],
    // A free loop's download makes no purchase.
    ["Purchase id", licence.purchaseId ?? "Free download"],
    ...(licence.chain
      ? ([
          ["Chain", `${licence.chain.name} (id ${licence.chain.chainId})`],
          ["Contract", licence.chain.contract ?? "not recorded"],
          ["Transaction", licence.chain.txHash ?? "not recorded"],
        ] as [string, string][])
      : []),
  ];
}

/** The PDF of `licence`, whose public page is `verifyUrl` (absolute); `now` is printed as the time of the status. */
export async function renderLicencePdf(licence: Licence, verifyUrl: string, now = new Date()): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`LOOP licence ${licence.id}`);
  pdf.setSubject(`Licence to use "${licence.loop.title}" (${licence.format.toUpperCase()})`);
  pdf.setAuthor("LOOP");
  pdf.setCreationDate(now);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  const width = PAGE.width - 2 * MARGIN;
  let y = PAGE.height - MARGIN;

  const write = (
    text: string,
    options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; x?: number; maxWidth?: number; gap?: number },
  ) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const x = options.x ?? MARGIN;
    for (const line of wrap(font, printable(font, text), size, options.maxWidth ?? width - (x - MARGIN))) {
      y -= size * 1.3;
      page.drawText(line, { x, y, size, font, color: options.color ?? INK });
    }
    y -= options.gap ?? 0;
  };

  write("LOOP", { font: bold, size: 12, color: MUTED });
  write("Licence to use a loop", { font: bold, size: 22, gap: 4 });
  write(`Licence ${licence.id}`, { size: 10, color: MUTED });
  write(`Terms version ${licence.version}`, { size: 10, color: MUTED, gap: 10 });
  const status =
    licence.status === "valid"
      ? `VALID as of ${utcText(now.toISOString())}`
      : `REVOKED on ${utcText(licence.revokedAt!)} (the purchase was refunded or reversed)`;
  write(status, { font: bold, size: 13, color: licence.status === "valid" ? VALID : REVOKED, gap: 12 });

  for (const [label, value] of licenceFacts(licence)) {
    const top = y;
    write(label, { size: 10, color: MUTED, maxWidth: 120 });
    const afterLabel = y;
    y = top;
    write(value, { size: 10, x: MARGIN + 130, maxWidth: width - 130 });
    y = Math.min(y, afterLabel) - 2;
  }

  y -= 12;
  write("Terms", { font: bold, size: 13, gap: 2 });
  write(`@${licence.buyer.username} (account ${licence.buyer.id}) may use this loop under these terms (version ${licence.version}):`, {
    size: 10,
    gap: 2,
  });
  for (const term of LICENCE_TERMS) {
    const top = y;
    write("-", { size: 10, maxWidth: 10 });
    y = top;
    write(term, { size: 10, x: MARGIN + 12, gap: 2 });
  }

  y -= 14;
  write("Verify this licence", { font: bold, size: 13, gap: 2 });
  write("Anyone can check this licence and whether it is still valid at:", { size: 10 });
  write(verifyUrl, { font: bold, size: 10, gap: 8 });
  const qr = await pdf.embedPng(await QRCode.toBuffer(verifyUrl, { type: "png", margin: 1, width: 240, errorCorrectionLevel: "M" }));
  const side = 120;
  page.drawImage(qr, { x: MARGIN, y: y - side, width: side, height: side });
  y -= side + 8;
  write(
    `Made on ${utcText(now.toISOString())}. The status printed here is the one of that moment; the verification page always shows the current one.`,
    {
      size: 8,
      color: MUTED,
    },
  );
  return pdf.save();
}
