export { FieldControl } from './components/field-control';
export { FieldSlot } from './components/field-slot';
export type { FieldControlProps } from './components/field-parts';
