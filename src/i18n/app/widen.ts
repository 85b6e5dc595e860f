/** A catalogue's shape with any text in each key: the type another language's catalogue must have. */
export type Widen<T> = T extends string ? string : T extends (...args: infer A) => infer R ? (...args: A) => Widen<R> : { [K in keyof T]: Widen<T[K]> };
