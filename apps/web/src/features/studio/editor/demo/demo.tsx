// A development harness for the page editor (browser checks, screenshots, the keystroke timing):
// served by the Vite dev server at /src/features/studio/editor/demo/index.html, never built.
import '../../../../zod-config';
import '../../../../styles/index.css';
import type { Page } from '@portal/domain';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
// eslint-disable-next-line no-restricted-imports -- the harness stands in for app/, which provides the messages
import { loadCatalog, messagesFor } from '../../../../app/i18n/messages';
import { PageEditor } from '../page-editor';
import { bigPage } from '../test/big-page';
import { samplePage } from '../test/sample-page';

const params = new URLSearchParams(window.location.search);
const locale = params.get('locale') ?? 'en-US';
const GLOSSARY = [
  {
    word: 'dough',
    definition: { 'en-US': 'Flour and water, worked together', 'fr-CA': 'Farine et eau' },
  },
  {
    word: 'pâte',
    definition: { 'en-US': 'Dough', 'fr-CA': 'Farine et eau, travaillées ensemble' },
  },
];

function Harness() {
  const [page, setPage] = useState<Page>(() => (params.has('big') ? bigPage() : samplePage()));
  const [changes, setChanges] = useState(0);
  return (
    <main style={{ padding: '1rem', maxWidth: '90rem', margin: '0 auto' }}>
      <h1 style={{ fontSize: '1.25rem' }}>Page editor harness</h1>
      <PageEditor
        page={page}
        locales={['en-US', 'fr-CA']}
        glossary={GLOSSARY}
        answerCounts={{ loaves: 12, 'field-0': 3 }}
        onChange={(next) => {
          setPage(next);
          setChanges((n) => n + 1);
          (window as unknown as { lastPage: Page }).lastPage = next;
        }}
      />
      <p data-testid="changes">{changes}</p>
    </main>
  );
}

await loadCatalog(locale);
document.documentElement.lang = locale;
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <IntlProvider locale={locale} messages={messagesFor(locale)}>
      <Harness />
    </IntlProvider>
  </StrictMode>,
);
