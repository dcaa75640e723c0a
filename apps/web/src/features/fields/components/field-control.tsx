import '../fields.css';
import { BooleanField } from './boolean-field';
import type { FieldControlProps } from './field-parts';
import { FileField, type FileFieldProps } from './file-field';
import { NumberField } from './number-field';
import { RadioField } from './radio-field';
import { SelectField } from './select-field';
import { SliderField } from './slider-field';
import { StringField } from './string-field';
import { TableField } from './table-field';

export type FileOptions = Pick<
  FileFieldProps,
  'isSignedIn' | 'upload' | 'onUploaded' | 'describeError'
>;

const READ_ONLY_FILES: FileOptions = {
  isSignedIn: false,
  upload: () => Promise.reject(new Error('read-only')),
  describeError: () => '',
};

/** The input of a field, by its type (docs/product-spec.md §3: eight types). */
export function FieldControl({ file, ...props }: FieldControlProps & { file?: FileOptions }) {
  switch (props.field.type) {
    case 'select':
      return <SelectField {...props} />;
    case 'number':
      return <NumberField {...props} />;
    case 'string':
      return <StringField {...props} />;
    case 'boolean':
      return <BooleanField {...props} />;
    case 'radio':
      return <RadioField {...props} />;
    case 'slider':
      return <SliderField {...props} />;
    case 'table':
      return <TableField {...props} />;
    case 'file':
      return <FileField {...props} {...(file ?? READ_ONLY_FILES)} />;
  }
}
