export * from './pricing';
export * from './money';
