import type { ptBR } from './pt-BR.js';

/** Same keys as pt-BR, any wording: the shape every translation of a namespace must have. */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
export type Messages = Translation<typeof ptBR>;
