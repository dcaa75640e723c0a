import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { useServerPage } from '../../../lib/server-page';

type CopyState = 'idle' | 'copied' | 'failed';

const STATUS_MS = 4000;

function LinkIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M10.6 13.4a1 1 0 0 1 0-1.4l3.4-3.4a1 1 0 1 1 1.4 1.4L12 13.4a1 1 0 0 1-1.4 0Zm-2.1 4.3a3 3 0 0 1-4.2-4.2l2.8-2.8a1 1 0 1 0-1.4-1.4l-2.8 2.8a5 5 0 0 0 7 7l2.8-2.8a1 1 0 0 0-1.4-1.4l-2.8 2.8Zm11-13.4a5 5 0 0 0-7 0l-2.8 2.8a1 1 0 0 0 1.4 1.4l2.8-2.8a3 3 0 0 1 4.2 4.2l-2.8 2.8a1 1 0 1 0 1.4 1.4l2.8-2.8a5 5 0 0 0 0-7Z"
      />
    </svg>
  );
}

function MailIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2Zm0 2v.5l8 5 8-5V7H4Zm16 2.9-7.5 4.7a1 1 0 0 1-1 0L4 9.9V17h16V9.9Z"
      />
    </svg>
  );
}

/**
 * Sharing icons of a page (docs/product-spec.md §2), shown only when its group, topic and page are public:
 * copy the page's address, or share it by email.
 */
export function ShareLinks({ title }: { title: string }) {
  const intl = useIntl();
  const [copyState, setCopyState] = useState<CopyState>('idle');
  const timer = useRef<number | undefined>(undefined);
  // The page's address as the server can write it too (lib/server-page.ts).
  const { pathname, search } = useLocation();
  const url = `${useServerPage().origin}${pathname}${search}`;

  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function copyLink() {
    window.clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(url);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
    timer.current = window.setTimeout(() => setCopyState('idle'), STATUS_MS);
  }

  const mailto = `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`;
  return (
    <div
      className="share-links"
      role="group"
      aria-label={intl.formatMessage({ id: 'page.share.label' })}
    >
      <button
        type="button"
        className="share-links__button"
        aria-label={intl.formatMessage({ id: 'page.share.copy' })}
        title={intl.formatMessage({ id: 'page.share.copy' })}
        onClick={() => void copyLink()}
      >
        <LinkIcon />
      </button>
      <a
        className="share-links__button"
        href={mailto}
        aria-label={intl.formatMessage({ id: 'page.share.email' })}
        title={intl.formatMessage({ id: 'page.share.email' })}
      >
        <MailIcon />
      </a>
      <span className="share-links__status" role="status">
        {copyState === 'copied' && <FormattedMessage id="page.share.copied" />}
        {copyState === 'failed' && <FormattedMessage id="page.share.copyFailed" />}
      </span>
    </div>
  );
}
