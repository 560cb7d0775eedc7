import { SMTPServer } from "smtp-server";
import { freePort } from "./ports";
import { EVENT_DEADLINE_MS } from "./wait";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** Decodes quoted-printable soft line breaks and escapes, enough to read links out of a mail. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A real SMTP server on a free port that keeps what it receives. */
export async function startSmtpServer() {
  const inbox: ReceivedMail[] = [];
  const waiting: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        raw += chunk;
      });
      stream.on("end", () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        waiting.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** The last mail to `address`, waiting up to `timeoutMs` for it. */
    async mailTo(address: string, timeoutMs = EVENT_DEADLINE_MS): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = inbox.filter((item) => item.to.includes(address)).at(-1);
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The sign-in token of the link in a mail's plain-text part. */
export function signInToken(mail: ReceivedMail): string {
  const match = /\/login\/confirm\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(mail.raw));
  if (!match) throw new Error(`no sign-in link in mail:\n${mail.raw}`);
  return match[1]!;
}
