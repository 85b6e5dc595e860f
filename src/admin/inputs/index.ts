export { DateField } from './DateField.tsx';
export { SelectField, type Choice } from './SelectField.tsx';
export { SwitchField } from './SwitchField.tsx';
export { TextField } from './TextField.tsx';
