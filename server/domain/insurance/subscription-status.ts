/** Subscriptions are stored with their state as text; the API answers it as a numeric status. */
export type SubscriptionState = 'pending' | 'active' | 'rejected' | 'cancelled' | 'ended';

export const STATUS_OF_STATE: Record<SubscriptionState, number> = {
  pending: 0,
  active: 1,
  rejected: 2,
  cancelled: 3,
  ended: 4,
};

/** The same mapping in SQL, for statuses built inside the database (iteration snapshots). */
export const statusOfStateSql = (column: string): string =>
  `CASE ${column} ${Object.entries(STATUS_OF_STATE)
    .map(([state, status]) => `WHEN '${state}' THEN ${status}`)
    .join(' ')} END`;
