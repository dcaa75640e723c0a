import type { MouseEvent } from 'react';
import { FormattedMessage } from 'react-intl';

/** First stop of the keyboard: jumps past the header to the page's content. */
export function SkipLink({ targetId }: { targetId: string }) {
  // Focus the target directly, so the router never sees a hash change.
  function skip(event: MouseEvent<HTMLAnchorElement>) {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView();
  }

  return (
    <a className="skip-link" href={`#${targetId}`} onClick={skip}>
      <FormattedMessage id="header.skipToContent" />
    </a>
  );
}
