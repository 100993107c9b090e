/**
 * The fields of `fields` that are not undefined, typed as optional properties. With TypeScript's
 * `exactOptionalPropertyTypes`, an optional property may be left out but not set to undefined; this leaves out
 * each field that is undefined, in one call, where a spread per field would otherwise say it.
 * @example defined({ format: undefined, name: "run.json" }) // { name: "run.json" }
 */
export function defined<T extends { readonly [key: string]: unknown }>(fields: T): Defined<T> {
  const kept: { [key: string]: unknown } = {};
  for (const key of Object.keys(fields)) if (fields[key] !== undefined) kept[key] = fields[key];
  return kept as Defined<T>;
}

/** `T` with each field that may be undefined made optional, and undefined taken out of its type. */
export type Defined<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};
