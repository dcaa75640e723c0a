/**
 * Who may see or do what, written once. Services and the request context call these; no rule
 * of visibility or permission is written anywhere else on the server.
 */
export * from './viewer';
export * from './topics';
export * from './groups';
export * from './bundles';
export * from './studio';
export * from './admin';
