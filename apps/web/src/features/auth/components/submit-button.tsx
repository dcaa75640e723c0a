import type { ReactNode } from 'react';

interface SubmitButtonProps {
  isBusy: boolean;
  label: ReactNode;
  busyLabel: ReactNode;
}

/**
 * The form's submit button; while busy it shows a spinner and says what is happening (also to
 * screen readers), and stays focusable (aria-disabled) so keyboard users keep their place.
 */
export function SubmitButton({ isBusy, label, busyLabel }: SubmitButtonProps) {
  return (
    <>
      <button type="submit" className="button button--primary" aria-disabled={isBusy || undefined}>
        {isBusy && <span className="inline-spinner" aria-hidden="true" />}
        {isBusy ? busyLabel : label}
      </button>
      <span className="visually-hidden" role="status">
        {isBusy ? busyLabel : null}
      </span>
    </>
  );
}
