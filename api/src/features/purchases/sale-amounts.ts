import { formatLoop, formatUsd } from "@loop/rules/units";

/**
 * What a sale cost as every answer shows it (a purchase, its licence, a library entry): the price,
 * the format fee and their total in USD (2 decimals), and the LOOP paid (8 decimals) when paid in LOOP.
 */
export function saleAmounts(sale: { priceCents: number; feeCents: number; loopUnits: bigint | null }) {
  return {
    price: formatUsd(BigInt(sale.priceCents)),
    fee: formatUsd(BigInt(sale.feeCents)),
    total: formatUsd(BigInt(sale.priceCents + sale.feeCents)),
    loopAmount: sale.loopUnits === null ? null : formatLoop(sale.loopUnits),
  };
}
