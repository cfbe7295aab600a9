import { Radio } from 'antd';

/**
 * A small segmented switch between views of one card (HH or indexes, a rank's order, a
 * company ranking): one button per option, the chosen one filled. Named by `label` or by the
 * element `labelledBy` points at.
 */
export function ViewSwitch<Value extends string>({
  value,
  onChange,
  options,
  label,
  labelledBy,
  testId,
}: {
  value: Value;
  onChange: (value: Value) => void;
  options: { value: Value; label: string }[];
  label?: string;
  labelledBy?: string;
  testId?: string;
}) {
  return (
    <Radio.Group
      aria-label={label}
      aria-labelledby={labelledBy}
      data-testid={testId}
      optionType="button"
      buttonStyle="solid"
      size="small"
      value={value}
      onChange={(event) => onChange(event.target.value as Value)}
      options={options}
    />
  );
}
