export * from './api';
export * from './color';
export * from './content-pack';
export * from './locale';
export * from './api-schemas';
export * from './auth';
export * from './errors';
export * from './workbook';
