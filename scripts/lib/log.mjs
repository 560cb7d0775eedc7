// Prefixed, line-buffered, coloured output for the orchestrators (dev, start, test).
const useColor = process.env.NO_COLOR ? false : Boolean(process.env.FORCE_COLOR) || Boolean(process.stdout.isTTY);

const CODES = {
  reset: 0,
  bold: 1,
  dim: 2,
  red: 31,
  green: 32,
  yellow: 33,
  blue: 34,
  magenta: 35,
  cyan: 36,
  gray: 90,
  brightRed: 91,
  brightGreen: 92,
  brightYellow: 93,
  brightBlue: 94,
  brightMagenta: 95,
  brightCyan: 96,
};

export const color = Object.fromEntries(
  Object.entries(CODES).map(([name, code]) => [name, (text) => (useColor ? `\x1b[${code}m${text}\x1b[0m` : String(text))]),
);

/** True when our stdout is coloured: children are then told to colour theirs too (FORCE_COLOR). */
export const colorEnabled = useColor;

/** Fixed colours per process name, so a name always looks the same. */
const NAME_COLORS = {
  dev: "bold",
  start: "bold",
  test: "bold",
  db: "blue",
  migrate: "brightBlue",
  mail: "magenta",
  chain: "yellow",
  deploy: "brightYellow",
  indexer: "cyan",
  api: "green",
  web: "brightMagenta",
  build: "brightCyan",
};
const PALETTE = ["brightGreen", "brightCyan", "brightBlue", "brightRed", "brightMagenta"];

export const NAME_WIDTH = 7;

export function prefix(name) {
  const padded = name.length > NAME_WIDTH ? name.slice(0, NAME_WIDTH) : name.padEnd(NAME_WIDTH);
  const key = NAME_COLORS[name] ?? PALETTE[[...name].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % PALETTE.length];
  return `${color[key](padded)} ${color.gray("│")} `;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07/g;

export function stripAnsi(text) {
  return String(text).replace(ANSI, "");
}

/** Writes `text` (one or more lines) under the given name. */
export function say(name, text, stream = process.stdout) {
  for (const line of String(text).split("\n")) stream.write(`${prefix(name)}${line}\n`);
}

/**
 * A line splitter for a child's stream: calls onLine for every complete line (carriage-return
 * progress updates count as lines), and for the remainder on flush().
 */
export function lineSplitter(onLine) {
  let pending = "";
  return {
    push(chunk) {
      pending += chunk.toString("utf8");
      const parts = pending.split(/\r?\n|\r/);
      pending = parts.pop() ?? "";
      for (const line of parts) onLine(line);
    },
    flush() {
      if (pending) onLine(pending);
      pending = "";
    },
  };
}

/** Prints a box around lines (measured without ANSI codes). */
export function box(lines) {
  const width = Math.max(...lines.map((line) => stripAnsi(line).length)) + 2;
  const out = [color.green(`╭${"─".repeat(width)}╮`)];
  for (const line of lines) out.push(`${color.green("│")} ${line}${" ".repeat(width - 1 - stripAnsi(line).length)}${color.green("│")}`);
  out.push(color.green(`╰${"─".repeat(width)}╯`));
  return out.join("\n");
}

export function formatDuration(ms) {
  return ms < 1000
    ? `${ms} ms`
    : ms < 60_000
      ? `${(ms / 1000).toFixed(1)} s`
      : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}
