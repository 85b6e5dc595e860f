import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// CI runs the UI tests beside the server tests on two cores; a screen may take longer than the
// default second to settle there, so the find* queries wait up to five.
configure({ asyncUtilTimeout: 5_000 });
