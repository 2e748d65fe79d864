import { createHash } from 'node:crypto';

/** The digest an answer's ETag is made of (decision 0296): SHA-1, base64url. */
export const digestOf = (text: string): string => createHash('sha1').update(text).digest('base64url');

/**
 * A piece of an answer that is already JSON text (e.g. a guide day serialised once and kept, decision 0075).
 * `stringifyAnswer` splices it into the body as it is; any other `JSON.stringify` (the contract check of the
 * tests, a log) sees the value it stands for. The text may be made only when asked for, and its digest may be
 * known before it (a channel list whose digest was kept, decision 0351): an answer's ETag (`answerTag`) then
 * needs neither the text nor its hashing.
 */
export class JsonFragment {
  #json: string | undefined;
  readonly #make: (() => string) | undefined;
  #digest: string | undefined;
  constructor(json: string | (() => string), digest?: string) {
    if (typeof json === 'string') this.#json = json;
    else this.#make = json;
    this.#digest = digest;
  }
  get json(): string {
    this.#json ??= (this.#make as () => string)();
    return this.#json;
  }
  /** `digestOf(this.json)`: as given, or worked out once. */
  get digest(): string {
    this.#digest ??= digestOf(this.json);
    return this.#digest;
  }
  toJSON(): unknown {
    if (collecting) {
      collecting.parts.push(this);
      return `${collecting.token}${collecting.parts.length - 1}`;
    }
    return JSON.parse(this.json);
  }
}

/** The digests of the last fragments made by `knownFragment`, by signature. */
const knownDigests = new Map<string, string>();
const KNOWN_DIGESTS = 32;

/**
 * A fragment made only when sent, whose digest is kept by `signature` (what its text is a function of; decision
 * 0351): a revalidation of an answer made before (a 304, the usual case) is tagged from the kept digest, without
 * making the text or hashing it. The last 32 signatures are kept.
 */
export function knownFragment(signature: string, make: () => string): JsonFragment {
  const known = knownDigests.get(signature);
  if (known !== undefined) {
    knownDigests.delete(signature);
    knownDigests.set(signature, known);
    return new JsonFragment(make, known);
  }
  const fragment = new JsonFragment(make);
  knownDigests.set(signature, fragment.digest);
  for (const old of knownDigests.keys()) {
    if (knownDigests.size <= KNOWN_DIGESTS) break;
    knownDigests.delete(old);
  }
  return fragment;
}

let collecting: { token: string; parts: JsonFragment[] } | null = null;

/** JSON.stringify of `value`, with `part(fragment)` wherever a JsonFragment stands. */
function spliced(value: unknown, part: (fragment: JsonFragment) => string): string {
  const outer = collecting;
  // A NUL and a random nonce: no string of an answer can be mistaken for a placeholder.
  const token = `\u0000${Math.random().toString(36).slice(2)}:`;
  const current = { token, parts: [] as JsonFragment[] };
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
    out.push(
      text.slice(from, at),
      part(current.parts[Number(text.slice(at + quoted.length, end))] as JsonFragment),
    );
    from = end + 1;
  }
  out.push(text.slice(from));
  return out.join('');
}

/** JSON.stringify, with every JsonFragment's text spliced in where it stands. */
export function stringifyAnswer(value: unknown): string {
  return spliced(value, (f) => f.json);
}

/**
 * The tag of exactly the bytes `stringifyAnswer(value)` gives: the digest of that text with each fragment's
 * digest in its place, between two NULs (a raw NUL is never in JSON text, so two different answers cannot read
 * the same). An answer without fragments is tagged by the digest of its text.
 */
export function answerTag(value: unknown): string {
  return digestOf(spliced(value, (f) => `\u0000${f.digest}\u0000`));
}
