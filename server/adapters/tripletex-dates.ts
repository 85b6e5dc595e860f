/** Dates as Tripletex takes them (YYYY-MM-DD, an end date exclusive). */
export const dayMs = 24 * 60 * 60 * 1000;
export const tomorrow = (): string => new Date(Date.now() + dayMs).toISOString().slice(0, 10);
export const inTwoYears = (): string => new Date(Date.now() + 2 * 366 * dayMs).toISOString().slice(0, 10);
export const nextDay = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + dayMs).toISOString().slice(0, 10);
