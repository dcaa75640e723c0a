import type { ReactNode } from 'react';

/** The red box of docs/product-spec.md §8: what went wrong, announced as soon as it appears. */
export function ErrorBox({ children }: { children: ReactNode }) {
  return (
    <div className="message-box message-box--error" role="alert">
      {children}
    </div>
  );
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
