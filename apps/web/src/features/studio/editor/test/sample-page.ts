import { FIELD_TYPES, pageSchema, type Fragment, type Page } from '@portal/domain';

/** A page with every kind of fragment, HTML written the way packs write it (not as TipTap would). */
export function samplePage(): Page {
  const fragments: Fragment[] = [
    {
      _id: 'intro',
      type: 'content',
      content: {
        'en-US': '<h2>Proofing dough</h2><p>Let the <b>dough</b> rest  for an hour.<br></p>',
        'fr-CA': '<h2>Pousse</h2><p>Laissez reposer la <i>pâte</i>.</p>',
      },
    },
    { _id: 'plain', type: 'content', content: '<p>Only one language here.</p><p></p>' },
    {
      _id: 'q-loaves',
      type: 'field',
      field: {
        _id: 'loaves',
        name: { 'en-US': 'How many loaves?', 'fr-CA': 'Combien de pains?' },
        question: { 'en-US': '<p>Count the <em>dough</em>.</p>' },
        type: 'number',
        minValue: 0,
        maxValue: 20,
        scoreWeight: 2,
        correctValue: 12,
        tolerance: 1,
      },
    },
    {
      _id: 'q-flour',
      type: 'field',
      field: {
        _id: 'flour',
        name: 'Flour',
        type: 'select',
        pickList: [
          { _id: 'a', value: 'rye', label: { 'en-US': 'Rye', 'fr-CA': 'Seigle' } },
          { _id: 'b', value: 'wheat', label: { 'en-US': 'Wheat', 'fr-CA': 'Blé' } },
        ],
        defaultValue: 'wheat',
      },
    },
    {
      _id: 'q-table',
      type: 'field',
      field: {
        _id: 'costs',
        name: 'Costs',
        type: 'table',
        rowCount: 2,
        columnCount: 2,
        cells: [
          [
            { value: 'Item', isReadOnly: true },
            { value: 'Cost', isReadOnly: true },
          ],
          [{ value: 'Flour', isReadOnly: true }, {}],
        ],
      },
    },
    {
      _id: 'total',
      type: 'formula',
      formula: { _id: 'total-cost', name: 'Total', body: '<span data-ref="loaves"></span> * 2' },
    },
    {
      _id: 'video',
      type: 'attachment',
      attachment: {
        url: '/media/knead.mp4',
        name: 'Kneading',
        captions: { 'en-US': '/media/knead.en.vtt' },
      },
    },
    {
      _id: 'after',
      type: 'content',
      content: { 'en-US': '<p>Value: <span data-ref="total-cost"></span></p>' },
    },
  ];
  return pageSchema.parse({ _id: 'page-1', name: 'Bread', fragments });
}

export { FIELD_TYPES };
