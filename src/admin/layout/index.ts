export { Layout } from './Layout.tsx';
export { MemberHeader, memberTitle } from './MemberHeader.tsx';
export { invalidatePendingCounts, usePendingCounts } from './pendingCounts.ts';
