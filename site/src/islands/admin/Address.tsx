import { Fragment } from 'react';

/**
 * An address (a URL, a file path) that wraps between its parts: after a slash, a question mark, an ampersand or a
 * dot, never in the middle of a word as `word-break: break-all` did (issue 37). A part longer than the line
 * still breaks (`overflow-wrap: anywhere` in `.console-address`).
 */
export function Address({ value, testId }: { value: string; testId?: string }) {
  const parts = value.split(/(?<=[/?&.=])/);
  return (
    <span className="console-hint console-address" data-testid={testId}>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && <wbr />}
        </Fragment>
      ))}
    </span>
  );
}
