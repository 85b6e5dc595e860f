/** Collects query parameters and hands out their $n placeholders in order. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** `x IN (${params.list(values)})`; an empty list matches nothing (SQL has no empty IN ()). */
  list(values: readonly unknown[]): string {
    if (values.length === 0) return 'NULL';
    return values.map((value) => this.add(value)).join(', ');
  }
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
