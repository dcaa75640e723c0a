import type { ReactNode } from 'react';

/** An activity indicator with visible text, in a live region so it is announced. */
export function Spinner({ label }: { label: ReactNode }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="spinner__label">{label}</span>
    </div>
  );
}
