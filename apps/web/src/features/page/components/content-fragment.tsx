import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { GlossaryHtml } from '../../../components/glossary-html';
import { Spinner } from '../../../components/spinner';
import { contentQuery } from '../../../lib/api/content';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';

function Body({ html }: { html: string }) {
  const { org } = useOrganisation();
  return <GlossaryHtml className="prose page-content" html={html} glossary={org.glossary} />;
}

/** A long body stored apart from its page, fetched on its own. */
function StoredContent({ contentId, pageId }: { contentId: string; pageId: string }) {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const result = useQuery(contentQuery(org.alias, contentId, pageId, locale, viewer));

  if (result.isPending) {
    return (
      <div className="page-content page-content--loading">
        <Spinner label={intl.formatMessage({ id: 'page.content.loading' })} />
      </div>
    );
  }
  if (result.isError) {
    return (
      <div className="page-content page-content--error" role="alert">
        <p>
          <FormattedMessage id="page.content.error" />
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void result.refetch()}
        >
          <FormattedMessage id="page.content.retry" />
        </button>
      </div>
    );
  }
  return <Body html={result.data.body} />;
}

/** A content fragment: author HTML, sanitised, with glossary words marked. */
export function ContentFragment({
  content,
  pageId,
}: {
  content: { body?: string; contentId?: string };
  pageId: string;
}) {
  if (content.body !== undefined) return <Body html={content.body} />;
  if (content.contentId) return <StoredContent contentId={content.contentId} pageId={pageId} />;
  return null;
}
