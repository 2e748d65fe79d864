import { describe, expect, it } from 'vitest';
import { answerTag, digestOf, JsonFragment, knownFragment, stringifyAnswer } from './jsonFragment.ts';

describe('JsonFragment', () => {
  it('is spliced into an answer as it is, and is its value for any other JSON.stringify', () => {
    const value = { a: [new JsonFragment('[1,{"b":"c"}]'), 'x'], d: new JsonFragment('"é\\n"') };
    const expected = '{"a":[[1,{"b":"c"}],"x"],"d":"é\\n"}';
    expect(stringifyAnswer(value)).toBe(expected);
    expect(JSON.stringify(value)).toBe(expected);
  });

  it('leaves answers without fragments, and strings that look like placeholders, alone', () => {
    const value = { s: '\u00000:', t: ['\u0000abc:0'], n: null };
    expect(stringifyAnswer(value)).toBe(JSON.stringify(value));
    expect(stringifyAnswer({ f: new JsonFragment('1'), s: '\u0000x:0' })).toBe('{"f":1,"s":"\\u0000x:0"}');
  });
});

describe('answerTag (decision 0351)', () => {
  it('is the digest of the text for an answer without fragments', () => {
    const value = { errCode: 0, data: { a: [1, 'é'] } };
    expect(answerTag(value)).toBe(digestOf(stringifyAnswer(value)));
  });

  it('is the same for the same bytes, and differs when a fragment or the rest differs', () => {
    const answer = (channels: string, rest = 1) => ({ rest, channels: new JsonFragment(channels) });
    expect(answerTag(answer('[1,2]'))).toBe(answerTag(answer('[1,2]')));
    expect(answerTag(answer('[1,3]'))).not.toBe(answerTag(answer('[1,2]')));
    expect(answerTag(answer('[1,2]', 2))).not.toBe(answerTag(answer('[1,2]')));
  });

  it('cannot be matched by a string standing where a fragment stood', () => {
    const fragment = new JsonFragment('[1]');
    const lookalike = `\u0000${fragment.digest}\u0000`;
    expect(answerTag({ a: lookalike })).not.toBe(answerTag({ a: fragment }));
  });

  it('takes a known digest without making the text; the text is made once it is sent', () => {
    let made = 0;
    const make = () => {
      made++;
      return '[1,2]';
    };
    const tagged = answerTag({ a: new JsonFragment('[1,2]') });
    const lazy = new JsonFragment(make, digestOf('[1,2]'));
    expect(answerTag({ a: lazy })).toBe(tagged);
    expect(made).toBe(0);
    expect(stringifyAnswer({ a: lazy })).toBe('{"a":[1,2]}');
    expect(made).toBe(1);
  });
});

describe('knownFragment (decision 0351)', () => {
  it("makes a signature's text once for its digest, then answers the digest without making it", () => {
    let made = 0;
    const make = () => {
      made++;
      return '["x"]';
    };
    const signature = `test ${Math.random()}`;
    expect(knownFragment(signature, make).digest).toBe(digestOf('["x"]'));
    expect(made).toBe(1);
    const again = knownFragment(signature, make);
    expect(again.digest).toBe(digestOf('["x"]'));
    expect(made).toBe(1);
    expect(again.json).toBe('["x"]');
    expect(made).toBe(2);
  });
});
