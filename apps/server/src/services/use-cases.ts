/**
 * The arguments of a use case written as `(ctx, ...args)`, without its context: a service class
 * (the one object routes call) forwards its methods to its use-case modules with these.
 */
export type UseCaseArgs<F> = F extends (ctx: never, ...args: infer A) => unknown ? A : never;
