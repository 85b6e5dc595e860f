/** The bench's settings from the environment, shared by its sections (see run.ts). */
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const members = Number(process.env.BENCH_MEMBERS ?? 100_000);
export const rounds = Number(process.env.BENCH_ROUNDS ?? 100);
export const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
