import type { ConsoleChannel } from '@ottkit/api-client/contract';
import { useId } from 'react';

/**
 * A channel picked from the line-up by its number and name ("9 · National TV"), never typed by its internal id
 * (issue 37): the guide and the live inputs screens. `placeholder` adds a first, empty choice.
 */
export function ChannelPicker({
  label,
  channels,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  channels: Pick<ConsoleChannel, 'logicalChannelId' | 'name' | 'number'>[];
  value: string;
  onChange: (logicalChannelId: string) => void;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="console-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {channels.map((c) => (
          <option key={c.logicalChannelId} value={c.logicalChannelId}>
            {c.number} · {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
