import type { BundleView, OrganisationView } from '@portal/domain';
import { createContext, useContext } from 'react';

/** The organisation this page belongs to, loaded once at app start (docs/product-spec.md §2). */
export interface OrganisationContextValue {
  org: OrganisationView;
  bundles: BundleView[];
  /** The interface and content locale: the organisation's `currentLocale`. */
  locale: string;
  /** Keeps `locale` in the browser and reloads the organisation in it. */
  changeLocale: (locale: string) => void;
  /** True while the organisation is being reloaded in a newly chosen locale. */
  isChangingLocale: boolean;
}

export const OrganisationContext = createContext<OrganisationContextValue | null>(null);

export function useOrganisation(): OrganisationContextValue {
  const value = useContext(OrganisationContext);
  if (!value) throw new Error('useOrganisation() must be used below the app start gate');
  return value;
}

/** The header and home page offer the store only when it has something to sell. */
export function hasStore(org: OrganisationView, bundles: readonly BundleView[]): boolean {
  return org.hasBundles || bundles.length > 0;
}

export function hasTopicsToBrowse(org: OrganisationView): boolean {
  return org.topics.length > 0 || org.topicGroups.length > 0;
}
