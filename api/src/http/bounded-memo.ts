// A memo of values by a text key, bounded: past `max` keys the oldest goes first. For parsed forms of
// texts that requests repeat (query strings, Accept-Encoding headers): a client sending endless new
// texts only churns it.

/** `kept(key, compute)`: the value kept for `key`, or compute()'s (then kept; an undefined one is computed again each time). */
export function boundedMemo<T>(max: number): (key: string, compute: () => T) => T {
  const values = new Map<string, T>();
  return (key, compute) => {
    let value = values.get(key);
    if (value === undefined) {
      value = compute();
      if (values.size >= max) values.delete(values.keys().next().value as string);
      values.set(key, value);
    }
    return value;
  };
}
