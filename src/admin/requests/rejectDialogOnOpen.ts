import { loadOnOpen } from '../forms/loadOnOpen.tsx';
import type { RejectDialogProps } from './RejectDialog.tsx';

/** The reject dialog, loaded with its rich-text editor when it first opens. */
export const RejectDialog = loadOnOpen<RejectDialogProps>(() => import('./RejectDialog.tsx'));
