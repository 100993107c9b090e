/**
 * The figure file's types alone, for shells that take a figure file and load the code that opens it only when
 * one is given (a type import costs nothing at run time).
 */
import type * as v from "valibot";
import type { FigureOpening } from "./index";
import type { FigureFileSchema } from "./schema";

/** A figure file as an author writes it (defaults left out): what a React prop or a `load` message may carry. */
export type FigureFileInput = v.InferInput<typeof FigureFileSchema>;

export type { FigureOpening };
