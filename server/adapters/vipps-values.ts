/** Reading the values of a Vipps answer, which may lack any field or carry it in another type. */
export const stringOr = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
export const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
export const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
export const whole = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
