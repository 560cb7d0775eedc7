// FLAC's frame-header checksum: CRC-8 with the polynomial x^8 + x^2 + x + 1 (0x07), starting at 0,
// table-driven (the table is made on first use).

let TABLE: Uint8Array | null = null;

/** The CRC-8 of `bytes` from `from` to `to` (excluded): a FLAC frame header's last byte is that of the bytes before it. */
export function flacCrc8(bytes: Uint8Array, from: number, to: number): number {
  if (!TABLE) {
    TABLE = new Uint8Array(256);
    for (let i = 0; i < 256; i++) {
      let crc = i;
      for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
      TABLE[i] = crc;
    }
  }
  let crc = 0;
  for (let i = from; i < to; i++) crc = TABLE[crc ^ bytes[i]!]!;
  return crc;
}
