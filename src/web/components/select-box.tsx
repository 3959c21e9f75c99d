/** The app's native select (shell.css `.ro-select`), apart from plain.tsx so screens without i18next (the sign-in page, issue 18) can use it. */
import { ChevronDown } from 'lucide-react';
import type { SelectHTMLAttributes } from 'react';

/** A native select with the app's look and a visually hidden label. */
export function SelectBox({ label, scale, className, ...props }: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> & { label: string; id: string; scale?: 'xs' }) {
  return (
    <span className={`ro-select${className ? ` ${className}` : ''}`} data-size={scale}>
      <label htmlFor={props.id} className="ro-sr-only">
        {label}
      </label>
      <select {...props} />
      <ChevronDown size={16} aria-hidden />
    </span>
  );
}
