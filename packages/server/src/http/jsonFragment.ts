/**
 * A piece of an answer that is already JSON text (e.g. a guide day serialised once and kept, decision 0075).
 * `stringifyAnswer` splices it into the body as it is; any other `JSON.stringify` (the contract check of the
 * tests, a log) sees the value it stands for.
 */
export class JsonFragment {
  readonly json: string;
  constructor(json: string) {
    this.json = json;
  }
  toJSON(): unknown {
    if (collecting) {
      collecting.parts.push(this.json);
      return `${collecting.token}${collecting.parts.length - 1}`;
    }
    return JSON.parse(this.json);
  }
}

let collecting: { token: string; parts: string[] } | null = null;

/** JSON.stringify, with every JsonFragment's text spliced in where it stands. */
export function stringifyAnswer(value: unknown): string {
  const outer = collecting;
  // A NUL and a random nonce: no string of an answer can be mistaken for a placeholder.
  const token = `\u0000${Math.random().toString(36).slice(2)}:`;
  const current = { token, parts: [] as string[] };
  collecting = current;
  let text: string;
  try {
    text = JSON.stringify(value);
  } finally {
    collecting = outer;
  }
  if (current.parts.length === 0) return text;
  const quoted = JSON.stringify(token).slice(0, -1); // '"\u0000nonce:' as it appears in the text
  const out: string[] = [];
  let from = 0;
  for (;;) {
    const at = text.indexOf(quoted, from);
    if (at < 0) break;
    const end = text.indexOf('"', at + quoted.length);
    out.push(text.slice(from, at), current.parts[Number(text.slice(at + quoted.length, end))] as string);
    from = end + 1;
  }
  out.push(text.slice(from));
  return out.join('');
}
