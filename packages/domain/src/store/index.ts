export * from './pricing';
