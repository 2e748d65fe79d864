import { describe, expect, it } from 'vitest';
import { JsonFragment, stringifyAnswer } from './jsonFragment.ts';

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
