import { useId, type ReactNode, type Ref } from 'react';

export interface SearchBoxProps {
  /** The box's label; `labelClassName="sk-visually-hidden"` keeps it for screen readers only. */
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** The input's id when the page points at it; a generated one otherwise. */
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** The package's own classes of the `role="search"` box, its label and its input. */
  className?: string;
  labelClassName?: string;
  inputClassName?: string;
}

/** A search landmark around one labelled search input that reports each keystroke's text. */
export function SearchBox({
  label,
  value,
  onChange,
  placeholder,
  id,
  inputRef,
  className,
  labelClassName,
  inputClassName,
}: SearchBoxProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className={className} role="search">
      <label htmlFor={inputId} className={labelClassName}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className={inputClassName}
        type="search"
        placeholder={placeholder}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
