import { localise, type BundleView } from '@portal/domain';

/** A bundle's texts in `locale`, each falling back to en-US (docs/product-spec.md §2). */
export function bundleTexts(bundle: BundleView, locale: string) {
  return {
    name: localise(bundle.name, locale),
    description: localise(bundle.description, locale),
    longDescription: localise(bundle.longDescription, locale),
  };
}
