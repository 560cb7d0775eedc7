/**
 * Collects a binary body into a Buffer (superagent only does so for known binary types): pass it to
 * supertest's `.buffer(true).parse(binary)`.
 */
export function binary(res: unknown, done: (error: Error | null, body: Buffer) => void): void {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk));
  stream.on("end", () => done(null, Buffer.concat(chunks)));
}
