/** A message id of the interface catalogs (typed through react-intl's FormatjsIntl.Message). */
export type MessageId = FormatjsIntl.Message['ids'];
