/** The table cell's date field (drawn before its picker loads, as DateInput): see DateInput.tsx. */
export { TableDateField, TableDateField as default } from './DateInput.tsx';
