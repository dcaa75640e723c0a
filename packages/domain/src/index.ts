export * from './api';
export * from './color';
export * from './content-pack';
export * from './locale';
export * from './api-schemas';
export * from './auth';
export * from './errors';
export * from './workbook';
// Zod-free (docs/decisions.md): the web app's first page starts a workbook without the schemas.
export * from './workbook-empty';
export * from './glossary';
export * from './page-order';
export * from './visibility';
export * from './formula';
export * from './grading';
export * from './worksheet';
export * from './analytics';
export * from './store';
