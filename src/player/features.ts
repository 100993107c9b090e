/**
 * Whether this build of the player carries what only traces from outside need: the row window, context pages
 * and cut text of long imported transcripts, and a shell's step notes. Every shell has them but embed.html,
 * which plays built-in scenarios alone (none long enough to need them, none with notes: tests/unit/scenarios.test.ts
 * keeps that true) and whose build swaps in src/embed/features.ts, so the minifier drops the code they guard.
 */
export const TRANSCRIPT_FEATURES: boolean = true;
