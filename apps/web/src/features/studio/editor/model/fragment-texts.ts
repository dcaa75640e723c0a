import type { Fragment } from '@portal/domain';
import type { Localised } from './localised';

/** The texts of a field, formula or attachment that a learner reads, for translation status. */
export function fragmentTexts(fragment: Fragment): Localised[] {
  switch (fragment.type) {
    case 'field': {
      const { field } = fragment;
      const texts: (Localised | undefined)[] = [field.name, field.question];
      for (const entry of field.pickList ?? []) texts.push(entry.label);
      return texts.filter((t): t is Localised => t !== undefined);
    }
    case 'formula':
      return [fragment.formula.name, fragment.formula.description].filter(
        (t): t is Localised => t !== undefined,
      );
    case 'attachment':
      return [fragment.attachment.name, fragment.attachment.description].filter(
        (t): t is Localised => t !== undefined,
      );
    case 'content':
      return [fragment.content];
  }
}
