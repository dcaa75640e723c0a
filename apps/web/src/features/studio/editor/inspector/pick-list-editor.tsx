import type { Field } from '@portal/domain';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { newId } from '../model/ids';
import { errorAt } from './field-errors';
import { ErrorText, LocaleText, TextInput } from './inputs';

type PickEntry = NonNullable<Field['pickList']>[number];

interface PickListEditorProps {
  entries: PickEntry[];
  locales: readonly string[];
  errors: Map<string, string>;
  onChange: (entries: PickEntry[]) => void;
}

/** The choices of a select or radio field: value, label in each locale, order. */
export function PickListEditor({ entries, locales, errors, onChange }: PickListEditorProps) {
  const intl = useIntl();
  const t = (id: NonNullable<MessageDescriptor['id']>, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const set = (index: number, entry: PickEntry) =>
    onChange(entries.map((e, i) => (i === index ? entry : e)));
  const move = (index: number, step: -1 | 1) => {
    const next = [...entries];
    const [entry] = next.splice(index, 1);
    if (entry) next.splice(index + step, 0, entry);
    onChange(next);
  };
  return (
    <fieldset className="studio-inspector__group">
      <legend>{t('studio.editor.inspector.pickList')}</legend>
      <ErrorText id="pick-list-error" message={errors.get('pickList')} />
      <ol className="studio-inspector__entries">
        {entries.map((entry, index) => (
          <li key={entry._id} className="studio-inspector__entry">
            <TextInput
              label={t('studio.editor.inspector.entryValue', { n: index + 1 })}
              value={entry.value}
              error={
                errorAt(errors, `pickList.${index}.value`) ??
                errorAt(errors, `pickList.${index}._id`)
              }
              onChange={(value) => set(index, { ...entry, value })}
            />
            <LocaleText
              label={t('studio.editor.inspector.entryLabel', { n: index + 1 })}
              value={entry.label}
              locales={locales}
              error={errorAt(errors, `pickList.${index}.label`)}
              onChange={(label) => set(index, { ...entry, label })}
            />
            <div className="studio-inspector__entry-actions">
              <button
                type="button"
                className="button button--secondary studio-button--small"
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                {t('studio.editor.inspector.entryUp', { n: index + 1 })}
              </button>
              <button
                type="button"
                className="button button--secondary studio-button--small"
                disabled={index === entries.length - 1}
                onClick={() => move(index, 1)}
              >
                {t('studio.editor.inspector.entryDown', { n: index + 1 })}
              </button>
              <button
                type="button"
                className="button button--secondary studio-button--small"
                onClick={() => onChange(entries.filter((_, i) => i !== index))}
              >
                {t('studio.editor.inspector.entryRemove', { n: index + 1 })}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button--secondary studio-button--small"
        onClick={() =>
          onChange([
            ...entries,
            {
              _id: newId('p'),
              value: `option-${entries.length + 1}`,
              label: {
                [locales[0] ?? 'en-US']: t('studio.editor.new.choice', { n: entries.length + 1 }),
              },
            },
          ])
        }
      >
        {t('studio.editor.inspector.entryAdd')}
      </button>
    </fieldset>
  );
}
