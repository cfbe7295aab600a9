/** Every key path of a translation tree, sorted: two languages must list the same ones. */
export function keyPaths(tree: object, prefix = ''): string[] {
  return Object.entries(tree)
    .flatMap(([key, value]) =>
      value && typeof value === 'object' ? keyPaths(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
    )
    .sort();
}

/** Keys whose text is empty or still equal in both languages are usually forgotten translations. */
export function emptyValues(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? emptyValues(value as object, `${prefix}${key}.`)
      : typeof value === 'string' && value.trim() === ''
        ? [`${prefix}${key}`]
        : [],
  );
}
