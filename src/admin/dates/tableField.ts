/** The look of a form's date field (react-admin's inputs), shared by the picker and the field drawn before it. */
export const FORM_FIELD_LOOK = { variant: 'filled', size: 'small', margin: 'dense', fullWidth: true } as const;

/** The look of a table cell's date field, shared by the picker and the field drawn before it. */
export const TABLE_FIELD_SX = { minWidth: 150, '& .MuiInputBase-input': { fontSize: 14, py: 0.75 } };

/** The look of a list filter's date field, shared by the picker and the field drawn before it. */
export const FILTER_FIELD_LOOK = { variant: 'filled', size: 'small', sx: { width: 200 } } as const;
