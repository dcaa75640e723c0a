import type enUS from './en-US.json';

/** The id of an interface message: a key of the en-US reference catalog. */
export type MessageId = keyof typeof enUS;
