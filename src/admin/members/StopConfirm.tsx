/** react-admin's confirmation dialog as a chunk of its own, for buttons that load it when pressed. */
export { Confirm as default } from 'react-admin';
