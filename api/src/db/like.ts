/** `text` matched literally by LIKE/ILIKE (its `\`, `%` and `_` escaped). */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** An ILIKE pattern: contains `text`, literally. */
export const containsPattern = (text: string) => `%${likeLiteral(text)}%`;
