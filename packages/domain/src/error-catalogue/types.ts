import type { EN_US } from './en-US';

/** The code of an error message: a key of the reference catalogue (./en-US.ts). */
export type ErrorCode = keyof typeof EN_US;

/** One locale's messages: a text for every code. */
export type ErrorCatalogue = Readonly<Record<ErrorCode, string>>;

/** The names of the `{…}` parameters of a message text, read from its literal type. */
type ParamNames<Text extends string> = Text extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;

/** The parameters `code` takes, by name. */
export type ErrorParamName<C extends ErrorCode> = ParamNames<(typeof EN_US)[C]>;

/**
 * A parameter's value: text or a number shown as it is (a field name, a limit, an id), or
 * another message, shown in the same locale (the reason of "Invalid {field}: {reason}").
 */
export type ErrorParam = string | number | ErrorText;

/** A message by code, with the values of its parameters. */
export interface ErrorText<C extends ErrorCode = ErrorCode> {
  readonly code: C;
  readonly params?: Readonly<Record<string, ErrorParam>>;
}

/** The codes that take no parameter: these may be named alone wherever a message is expected. */
export type PlainErrorCode = {
  [C in ErrorCode]: [ErrorParamName<C>] extends [never] ? C : never;
}[ErrorCode];

/** What a message is given as: a code without parameters, or `errorText(code, params)`. */
export type ErrorSay = PlainErrorCode | ErrorText;
