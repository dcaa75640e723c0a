import type { FragmentView } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { SafeHtml } from '../../../components/safe-html';
import { Spinner } from '../../../components/spinner';
import { contentQuery } from '../../../lib/api/content';
import { useOrganisation } from '../../../lib/organisation';
import { useSessionToken } from '../../../lib/session/session-token';
import { useErrorMessage } from '../../../lib/use-error-message';
import type { PrintSource } from '../lib/printable';

function StoredContent({ contentId, pageId }: { contentId: string; pageId: string }) {
  const intl = useIntl();
  const { org, locale } = useOrganisation();
  const { viewer } = useSessionToken();
  const messageOf = useErrorMessage();
  const result = useQuery(contentQuery(org.alias, contentId, pageId, locale, viewer));
  if (result.isPending)
    return <Spinner label={intl.formatMessage({ id: 'page.content.loading' })} />;
  if (result.isError) return <p role="alert">{messageOf(result.error)}</p>;
  return <SafeHtml className="prose print-content" html={result.data.body} />;
}

interface PrintFragmentProps {
  fragment: FragmentView;
  page: { _id: string; name: string };
  source: PrintSource;
}

/** One fragment on paper: content, an attachment's name, a read-only answer, a formula's value. */
export function PrintFragment({ fragment, page, source }: PrintFragmentProps) {
  switch (fragment.type) {
    case 'content':
      if (fragment.content.body !== undefined)
        return <SafeHtml className="prose print-content" html={fragment.content.body} />;
      return fragment.content.contentId ? (
        <StoredContent contentId={fragment.content.contentId} pageId={page._id} />
      ) : null;
    case 'attachment':
      return (
        <p className="print-attachment">
          <FormattedMessage id="print.attachment" values={{ name: fragment.attachment.name }} />
          {fragment.attachment.description && <> — {fragment.attachment.description}</>}
        </p>
      );
    case 'field': {
      const { Field } = source;
      return <Field field={fragment.field} pageId={page._id} pageName={page.name} readOnly />;
    }
    case 'formula': {
      const text = source.formulaText(fragment.formula);
      return (
        <p className="print-formula">
          <span className="print-formula__name">{fragment.formula.name}</span>{' '}
          <output className="print-formula__value">
            {text ?? <FormattedMessage id="page.formula.pending" />}
          </output>
        </p>
      );
    }
  }
}
