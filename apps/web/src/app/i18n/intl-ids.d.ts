import type { MessageId } from './message-id';

// Makes react-intl check message ids at compile time: a typo is a type error, not a blank label.
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
