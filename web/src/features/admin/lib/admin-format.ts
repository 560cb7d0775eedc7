// The admin's components read USD as every page does: the one formatter is web/src/lib/loop-amounts.ts.
export { usdText } from "@/lib/loop-amounts";
