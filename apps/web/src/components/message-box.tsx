import type { ReactNode } from 'react';

/**
 * The red box of docs/product-spec.md §8: what went wrong, announced as soon as it appears.
 * `focusable` lets a form move focus to it (tabindex -1: focus by script, never a Tab stop).
 */
export function ErrorBox({ children, focusable }: { children: ReactNode; focusable?: boolean }) {
  return (
    <div
      className="message-box message-box--error"
      role="alert"
      {...(focusable && { tabIndex: -1, 'data-error-box': '' })}
    >
      {children}
    </div>
  );
}

/** Moves focus to the focusable ErrorBox inside `container` (after a failed submit). */
export function focusErrorBox(container: HTMLElement | null) {
  container?.querySelector<HTMLElement>('[data-error-box]')?.focus();
}

/** A calm notice (a success, or why the learner is here), announced politely. */
export function NoticeBox({
  children,
  tone = 'info',
}: {
  children: ReactNode;
  tone?: 'info' | 'success';
}) {
  return (
    <div className={`message-box message-box--${tone}`} role="status">
      {children}
    </div>
  );
}
