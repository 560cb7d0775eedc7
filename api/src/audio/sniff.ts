// The container judged from the bytes, never from the file name or the MIME type the browser sent.
export type AudioFormat = "mp3" | "wav" | "flac" | "m4a" | "aac" | "ogg";

/** Enough bytes to recognise every accepted container (and to skip an ID3 tag's header). */
export const SNIFF_BYTES = 16;

function ascii(bytes: Uint8Array, start: number, text: string): boolean {
  if (bytes.length < start + text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[start + i] !== text.charCodeAt(i)) return false;
  return true;
}

export function sniffAudioFormat(head: Uint8Array): AudioFormat | null {
  if (ascii(head, 0, "RIFF") && ascii(head, 8, "WAVE")) return "wav";
  if (ascii(head, 0, "fLaC")) return "flac";
  if (ascii(head, 0, "OggS")) return "ogg";
  if (ascii(head, 4, "ftyp")) return "m4a";
  if (ascii(head, 0, "ID3")) return "mp3";
  if (head.length >= 2 && head[0] === 0xff) {
    const second = head[1]!;
    // ADTS (raw AAC): sync 0xFFF, layer 00. MPEG audio (MP3): sync 0xFFE, layer != 00.
    if ((second & 0xf6) === 0xf0) return "aac";
    if ((second & 0xe0) === 0xe0 && (second & 0x06) !== 0) return "mp3";
  }
  return null;
}
