import { adjustmentLimit } from '@pinhole/contracts';
import { useId } from 'react';

interface AdjustmentSliderProps {
  label: string;
  value: number;
  onChange: (value: number) => void;
}

/** −100…100 with 0 in the middle; a double tap or double click puts it back to 0. */
export function AdjustmentSlider({ label, value, onChange }: AdjustmentSliderProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between text-sm">
        <label htmlFor={id} className="font-semibold text-neutral-900">
          {label}
        </label>
        <output htmlFor={id} className="text-muted tabular-nums">
          {value}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={-adjustmentLimit}
        max={adjustmentLimit}
        step={1}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        onDoubleClick={() => onChange(0)}
        className="w-full accent-brand"
      />
    </div>
  );
}
