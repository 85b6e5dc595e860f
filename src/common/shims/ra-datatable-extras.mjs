// What the DataTable shims load when drawn, in one file, so the build cuts one chunk for them
// (a dynamic import per component split react-admin's shared code into more, smaller chunks).
export { BulkActionsToolbar } from 'ra-ui-materialui/dist/list/BulkActionsToolbar.js';
export { BulkDeleteButton } from 'ra-ui-materialui/dist/button/BulkDeleteButton.js';
export { ColumnsSelector } from 'ra-ui-materialui/dist/list/datatable/ColumnsSelector.js';
export { ColumnsSelectorItem } from 'ra-ui-materialui/dist/list/datatable/ColumnsSelectorItem.js';
export { SelectRowCheckbox } from 'ra-ui-materialui/dist/list/datatable/SelectRowCheckbox.js';
export { SelectPageCheckbox } from 'ra-ui-materialui/dist/list/datatable/SelectPageCheckbox.js';
