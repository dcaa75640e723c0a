import { useEffect } from 'react';
import { useOrganisation } from './organisation';

/** Sets the tab title to "page · organisation", or the organisation alone on the home page. */
export function useDocumentTitle(pageTitle?: string): void {
  const { org } = useOrganisation();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${org.name}` : org.name;
  }, [pageTitle, org.name]);
}
