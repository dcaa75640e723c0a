/**
 * The API's answers, each defined once as a zod schema with its type inferred from it: the
 * server validates and documents its responses with these schemas, the web app reads the types.
 */
export * from './error';
export * from './organisation';
export * from './account';
export * from './scores';
export * from './search';
export * from './topic';
export * from './answers';
export * from './store';
export * from './messages';
export * from './sso';
export * from './groups';
export * from './route-paths';
export * from './studio-route-paths';
export * from './admin-route-paths';
export * from './admin';
export * from './admin-settings';
export * from './admin-groups';
export * from './admin-bundles';
export * from './admin-people';
export * from './admin-orders';
export * from './certificates';
export * from './certificate-route-paths';
export * from './notifications';
export * from './notification-route-paths';
export * from './privacy';
export * from './routes';
export * from './studio';
