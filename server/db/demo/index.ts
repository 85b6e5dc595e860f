import type { Database } from '../database.ts';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_LOGINS = [
  { label: 'Ansatt', email: 'ansatt@example.no', path: '/' },
  { label: 'Medlem', email: 'medlem@example.no', path: '/profile' },
] as const;

export async function seedDemoDataIfEmpty(db: Database): Promise<boolean> {
  void db;
  return false;
}
