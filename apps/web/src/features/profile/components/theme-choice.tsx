import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import { useState } from 'react';
import { readThemeChoice, saveThemeChoice, type ThemeChoice } from '@/lib/theme';

const choices: Array<{ value: ThemeChoice; label: string }> = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System' },
];

/** Light, Dark or the system's colours, for this device: items of the settings menu. */
export function ThemeChoiceItems({ itemClassName }: { itemClassName: string }) {
  const [choice, setChoice] = useState(readThemeChoice);
  return (
    <DropdownMenu.Group>
      <DropdownMenu.Label className="px-3 pt-2 pb-1 text-xs font-semibold text-muted">
        Appearance
      </DropdownMenu.Label>
      <DropdownMenu.RadioGroup
        value={choice}
        onValueChange={(value) => {
          const next = choices.find((entry) => entry.value === value)?.value ?? 'system';
          saveThemeChoice(next);
          setChoice(next);
        }}
      >
        {choices.map(({ value, label }) => (
          <DropdownMenu.RadioItem
            key={value}
            value={value}
            // The menu stays open: the reader sees the colours change and may choose again.
            onSelect={(event) => event.preventDefault()}
            className={`${itemClassName} justify-between`}
          >
            {label}
            <DropdownMenu.ItemIndicator>
              <Check aria-hidden className="size-4" />
            </DropdownMenu.ItemIndicator>
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </DropdownMenu.Group>
  );
}
