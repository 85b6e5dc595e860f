export { Layout } from './Layout.tsx';
export { MemberHeader, memberTitle } from './MemberHeader.tsx';
export { usePendingCounts } from './pendingCounts.ts';
