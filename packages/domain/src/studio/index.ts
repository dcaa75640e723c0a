export * from './paste-fragments';
export * from './paste-questions';
