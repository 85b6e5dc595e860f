/** Min side's own entry (member.html): the server serves it for the member paths only. */
import { reloadOnChunkFailure } from '../common/chunk-reload.ts';
import { mount } from './main.tsx';

reloadOnChunkFailure();
void mount(document.getElementById('root')!);
