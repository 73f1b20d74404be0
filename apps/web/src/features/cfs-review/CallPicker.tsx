import { useId } from 'react';
import { Select } from 'antd';
import type { CallChoice } from './reviewRules';

/** The call chosen, by name: a labelled select. */
export function CallPicker({
  choices,
  value,
  onChange,
}: {
  choices: CallChoice[];
  value: string | undefined;
  onChange: (callId: string) => void;
}) {
  const id = useId();
  return (
    <div className="cfs-review__field">
      <label htmlFor={id}>Call for sites</label>
      <Select
        id={id}
        className="cfs-review__call"
        value={value}
        onChange={onChange}
        options={choices.map((call) => ({ value: call.id, label: call.name, title: call.name }))}
        placeholder="Choose a call"
        popupMatchSelectWidth={false}
      />
    </div>
  );
}
