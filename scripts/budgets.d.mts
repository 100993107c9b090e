/** The byte budgets, in KiB of gzip beyond the dependency floor (ratchets): scripts/budgets.mjs. */
export declare const MARGIN_KB: number;
export declare const SLACK_KB: number;
export declare const BUDGETS_KB: { readonly embed: number; readonly chapter: number; readonly package: number };
export declare function ratchet(
  overKb: number,
  budgetKb: number,
): { readonly verdict: "ok" | "over" } | { readonly verdict: "loose"; readonly lowerTo: number };
