import type { ReactNode } from 'react';

export interface ToggleOption<Id extends string> {
  id: Id;
  label: ReactNode;
}

export interface ToggleButtonsProps<Id extends string> {
  options: readonly ToggleOption<Id>[];
  /** The option shown pressed (`aria-pressed`); none when null (a period typed by hand). */
  value: Id | null;
  onChange: (id: Id) => void;
  /** The buttons' class: the kit's secondary button unless the package styles its own (chips). */
  buttonClassName?: string;
}

/**
 * One button per option, the chosen one pressed (a period, a category): the caller's group element
 * (a fieldset with its legend, a `role="group"` with its label) names the set.
 */
export function ToggleButtons<Id extends string>({
  options,
  value,
  onChange,
  buttonClassName = 'sk-button sk-button--secondary',
}: ToggleButtonsProps<Id>) {
  return (
    <>
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          className={buttonClassName}
          aria-pressed={value === option.id}
          onClick={() => onChange(option.id)}
        >
          {option.label}
        </button>
      ))}
    </>
  );
}
